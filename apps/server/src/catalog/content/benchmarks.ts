import type { LessonContent } from "./types.ts";

export const benchmarks: LessonContent[] = [
  {
    slug: "bm-g1-the-big-puddle",
    title: "Grade 1 Benchmark: The Big Puddle",
    planId: 12,
    benchmarkGrade: 1,
    lexile: 290,
    wordsPerMinute: 60,
    storyGenre: "Realistic Fiction",
    subject: "Nature",
    musicGenre: "Spoken Word",
    lyrics:
      "It rained all night. In the morning, Nia put on her yellow boots. She ran outside to play.\n\n" +
      "By the gate, there was a big puddle. It was as big as a bed. Nia saw a little frog sitting in the puddle.\n\n" +
      "“Hello, frog,” said Nia. The frog did not say a thing. It just looked at her.\n\n" +
      "Nia wanted to jump in the puddle. But she did not want to scare the frog. So she sat on the step and waited.\n\n" +
      "Soon the sun came out. The frog hopped out of the water and went into the grass.\n\n" +
      "“Now it is my turn,” said Nia. She jumped in with both feet. Splash! Water went up to her knees, and she laughed.",
    questions: [
      {
        day: 1,
        question: "What did Nia put on in the morning?",
        answers: ["Her yellow boots", "Her red hat", "Her blue coat", "Her green mittens"],
        correct: 0,
      },
      {
        day: 1,
        question: "Where was the big puddle?",
        answers: ["Under the slide", "By the gate", "In the street", "Next to the school"],
        correct: 1,
      },
      {
        day: 1,
        question: "What was sitting in the puddle?",
        answers: ["A duck", "A fish", "A bug", "A little frog"],
        correct: 3,
      },
      {
        day: 1,
        question: "What came out before the frog hopped away?",
        answers: ["The moon", "A dog", "The sun", "Nia's mom"],
        correct: 2,
      },
      {
        day: 2,
        question: "In the story, what is a puddle?",
        answers: [
          "A small pool of water on the ground",
          "A kind of boot",
          "A tall tree",
          "A kind of frog",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What did Nia do right after she saw the frog?",
        answers: [
          "She jumped in the puddle.",
          "She said hello to the frog.",
          "She went back inside.",
          "She put on her boots.",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "What does the word “Splash!” tell about?",
        answers: [
          "The name of the frog",
          "The color of Nia's boots",
          "The sound the water made when Nia jumped",
          "The noise the gate made",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "What happened last in the story?",
        answers: [
          "It rained all night.",
          "Nia put on her boots.",
          "The frog hopped into the grass.",
          "Nia jumped in the puddle.",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "Nia waited so she would not scare the frog. What does this tell you about Nia?",
        answers: [
          "She is kind to animals.",
          "She does not like rain.",
          "She is afraid of frogs.",
          "She is in a hurry.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why did Nia say, “Now it is my turn”?",
        answers: [
          "Her friend had a turn first.",
          "The frog was out of the puddle.",
          "She had waited all day for school.",
          "The frog told her to jump.",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What is the story mostly about?",
        answers: [
          "A frog that learns to swim",
          "A girl who loses her boots",
          "A girl who waits for a frog before she jumps in a puddle",
          "A rainy day at school",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why did Nia laugh at the end?",
        answers: [
          "The frog told a joke.",
          "She fell down in the grass.",
          "Her boots were too big.",
          "She was having fun in the puddle.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Why did Nia wait before she jumped in the puddle? Write two or three sentences using details from the story.",
  },
  {
    slug: "bm-g1-snails",
    title: "Grade 1 Benchmark: Snails",
    planId: 12,
    benchmarkGrade: 1,
    lexile: 310,
    wordsPerMinute: 60,
    storyGenre: "Informational",
    subject: "Animals",
    musicGenre: "Spoken Word",
    lyrics:
      "A snail is a small animal with a shell on its back. The shell is its home. When a snail is scared, it pulls its body inside the shell.\n\n" +
      "A snail has no legs. It moves on one flat foot. The foot makes a wet, slimy trail. The slime helps the snail slide over rocks and sticks. Snails move very slowly.\n\n" +
      "Snails have two long feelers on their heads. Their eyes are at the tips of the long feelers. Two short feelers help them smell and feel.\n\n" +
      "Most snails like wet places. They come out after it rains. On hot, dry days, they hide under leaves.\n\n" +
      "Snails eat plants. They munch on leaves, fruit, and even flowers.",
    questions: [
      {
        day: 1,
        question: "Where is a snail's shell?",
        answers: ["On its back", "Under its foot", "On its head", "In its mouth"],
        correct: 0,
      },
      {
        day: 1,
        question: "What do snails eat?",
        answers: ["Bugs", "Plants", "Fish", "Rocks"],
        correct: 1,
      },
      {
        day: 1,
        question: "How many feet does a snail have?",
        answers: ["Four", "Two", "One", "Six"],
        correct: 2,
      },
      {
        day: 1,
        question: "Where are a snail's eyes?",
        answers: [
          "On its foot",
          "Inside its shell",
          "On its back",
          "At the tips of the long feelers",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "When do many snails come out?",
        answers: ["After it rains", "On hot, dry days", "When it snows", "Only at lunchtime"],
        correct: 0,
      },
      {
        day: 2,
        question: "The foot makes a “slimy” trail. What does slimy mean?",
        answers: ["Hard and dry", "Wet and slippery", "Soft and furry", "Hot and bright"],
        correct: 1,
      },
      {
        day: 2,
        question: "What does the slime help a snail do?",
        answers: [
          "See in the dark",
          "Build its shell",
          "Slide over rocks and sticks",
          "Smell flowers",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Snails “munch” on leaves. What does munch mean?",
        answers: ["Sleep", "Hide", "Slide", "Eat"],
        correct: 3,
      },
      {
        day: 3,
        question: "What is this passage mostly about?",
        answers: [
          "How snails live, move, and eat",
          "How to build a home for a pet",
          "Why frogs like the rain",
          "How fast animals can run",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why do snails hide under leaves on hot, dry days?",
        answers: ["To find a friend", "To stay cool and wet", "To sleep at night", "To catch bugs"],
        correct: 1,
      },
      {
        day: 3,
        question: "Which of these would a snail most likely eat?",
        answers: ["A rock", "A fish", "A lettuce leaf", "A bone"],
        correct: 2,
      },
      {
        day: 3,
        question: "How does a shell help a snail stay safe?",
        answers: [
          "It helps the snail run fast.",
          "It helps the snail see.",
          "It helps the snail eat.",
          "It gives the snail a place to hide.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Write two or three sentences telling how a snail moves and how it stays safe. Use details from the passage.",
  },
  {
    slug: "bm-g2-baking-with-grandpa",
    title: "Grade 2 Benchmark: Baking with Grandpa",
    planId: 12,
    benchmarkGrade: 2,
    lexile: 440,
    wordsPerMinute: 100,
    storyGenre: "Realistic Fiction",
    subject: "Family",
    musicGenre: "Spoken Word",
    lyrics:
      "On Saturday morning, Leo and his grandpa baked bread. Grandpa tied an apron around Leo's waist. “First we mix,” he said.\n\n" +
      "Leo poured flour into a big bowl. He added warm water, a spoon of sugar, and a little yeast. Grandpa showed him how to stir until the dough was soft and sticky.\n\n" +
      "Next, they had to knead the dough. Leo pushed it, folded it, and turned it over and over. His arms got tired, but he kept going. Soon the dough felt smooth.\n\n" +
      "“Now we wait,” said Grandpa. He covered the bowl with a towel and set it by the sunny window. After an hour, the dough had grown twice as big.\n\n" +
      "They shaped it into a round loaf and put it in the hot oven. The kitchen began to smell warm and sweet.\n\n" +
      "When the bread was done, Grandpa cut the first slice for Leo. It was the best bread he had ever tasted, because he had made it himself.",
    questions: [
      {
        day: 1,
        question: "Who did Leo bake bread with?",
        answers: ["His grandpa", "His teacher", "His sister", "His neighbor"],
        correct: 0,
      },
      {
        day: 1,
        question: "Where did Grandpa set the bowl of dough?",
        answers: ["In the fridge", "By the sunny window", "On the floor", "Out on the porch"],
        correct: 1,
      },
      {
        day: 1,
        question: "What did Grandpa use to cover the bowl?",
        answers: ["A lid", "A plate", "A towel", "A paper bag"],
        correct: 2,
      },
      {
        day: 1,
        question: "What did Leo pour into the big bowl before anything else?",
        answers: ["Warm water", "Sugar", "Yeast", "Flour"],
        correct: 3,
      },
      {
        day: 2,
        question: "Which of these happened first?",
        answers: [
          "Grandpa tied an apron around Leo's waist.",
          "Leo kneaded the dough.",
          "The bread went into the oven.",
          "Grandpa cut the first slice.",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "In the story, what does it mean to knead dough?",
        answers: [
          "To cut it into slices",
          "To push, fold, and turn it over and over",
          "To put it in the oven",
          "To cover it with a towel",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "The dough “had grown twice as big.” What does twice as big mean?",
        answers: [
          "A little smaller than before",
          "The same size as before",
          "Two times as big as before",
          "As flat as a plate",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "What did Leo and Grandpa do right after the dough grew?",
        answers: [
          "They mixed the flour and water.",
          "They kneaded the dough.",
          "They covered the bowl with a towel.",
          "They shaped it into a round loaf.",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "How did Leo most likely feel at the end of the story?",
        answers: ["Proud", "Bored", "Angry", "Scared"],
        correct: 0,
      },
      {
        day: 3,
        question: "Why did Grandpa most likely set the bowl by the sunny window?",
        answers: [
          "So the birds could see it",
          "So the warm spot would help the dough grow",
          "So the dough would stay cold",
          "So Leo could not reach it",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why did Leo's arms get tired?",
        answers: [
          "He carried heavy bags of flour.",
          "He washed all the dishes.",
          "He kneaded the dough for a long time.",
          "He opened the hot oven.",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What is the story mostly about?",
        answers: [
          "A grandpa who opens a bakery",
          "A boy who plants a garden",
          "A family that shops for bread",
          "A boy who learns to bake bread with his grandpa",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Write the steps Leo and Grandpa followed to make bread. Use at least three details from the story.",
  },
  {
    slug: "bm-g2-busy-beavers",
    title: "Grade 2 Benchmark: Busy Beavers",
    planId: 12,
    benchmarkGrade: 2,
    lexile: 470,
    wordsPerMinute: 100,
    storyGenre: "Informational",
    subject: "Animals",
    musicGenre: "Spoken Word",
    lyrics:
      "Beavers are busy animals that live near rivers, ponds, and streams. They have thick brown fur, webbed back feet, and a wide, flat tail. Their front teeth are orange and very strong. The teeth never stop growing, so beavers must chew to keep them short.\n\n" +
      "Beavers use their teeth to cut down small trees. They drag the branches into the water. Then they pile up sticks, rocks, and mud to build a dam across a stream. The dam holds back the water and makes a calm, deep pond.\n\n" +
      "In the middle of the pond, beavers build a home called a lodge. The doors to the lodge are underwater. This keeps the family safe from animals like wolves and foxes.\n\n" +
      "A beaver's tail is useful too. It helps the beaver steer when it swims. When a beaver sees danger, it slaps its tail on the water. The loud smack warns the other beavers to dive and hide.",
    questions: [
      {
        day: 1,
        question: "What do beavers use to build a dam?",
        answers: [
          "Sticks, rocks, and mud",
          "Sand and shells",
          "Grass and feathers",
          "Snow and ice",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What color are a beaver's front teeth?",
        answers: ["White", "Orange", "Black", "Gray"],
        correct: 1,
      },
      {
        day: 1,
        question: "Where are the doors to a beaver lodge?",
        answers: ["On the roof", "On the shore", "Underwater", "Inside a tree"],
        correct: 2,
      },
      {
        day: 1,
        question: "What is a beaver's home called?",
        answers: ["A nest", "A den", "A burrow", "A lodge"],
        correct: 3,
      },
      {
        day: 2,
        question: "In this passage, what is a dam?",
        answers: [
          "A wall that holds back water",
          "A kind of tree",
          "A baby beaver",
          "A loud sound",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What happens right after a beaver slaps its tail on the water?",
        answers: [
          "The beaver builds a dam.",
          "The other beavers dive and hide.",
          "The wolves swim into the lodge.",
          "The pond dries up.",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "The tail helps a beaver “steer” when it swims. What does steer mean?",
        answers: [
          "To fall asleep",
          "To eat quickly",
          "To guide which way you go",
          "To stop moving",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "What do beavers do right after they cut down small trees?",
        answers: [
          "They build a lodge on land.",
          "They eat the whole tree.",
          "They sleep in the branches.",
          "They drag the branches into the water.",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What would most likely happen if a beaver stopped chewing?",
        answers: [
          "Its teeth would grow too long.",
          "Its tail would get smaller.",
          "Its fur would turn white.",
          "It would forget how to swim.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What is this passage mostly about?",
        answers: [
          "Why beavers are dangerous to people",
          "How beavers use their bodies to build safe homes",
          "How wolves and foxes hunt",
          "Why rivers flow into the sea",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why is a tail slap a good way to warn other beavers?",
        answers: [
          "It makes the water warmer.",
          "It makes the dam higher.",
          "It makes a loud sound the other beavers can hear.",
          "It helps the beaver find food.",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why do underwater doors keep a beaver family safe?",
        answers: [
          "They let in more sunlight.",
          "They keep the lodge dry.",
          "They make the lodge bigger.",
          "Animals like wolves and foxes cannot easily get in.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt: "Explain how a beaver's teeth and tail help it. Use details from the passage.",
  },
  {
    slug: "bm-g3-the-squirrel-problem",
    title: "Grade 3 Benchmark: The Squirrel Problem",
    planId: 12,
    benchmarkGrade: 3,
    lexile: 590,
    wordsPerMinute: 112,
    storyGenre: "Realistic Fiction",
    subject: "Problem Solving",
    musicGenre: "Spoken Word",
    lyrics:
      "Sam and his mother built a bird feeder out of an old milk carton. They cut a window in each side, filled the bottom with seeds, and hung it from the lowest branch of the maple tree in the backyard.\n\n" +
      "The next morning, Sam watched from the kitchen window. He hoped to see cardinals and chickadees. Instead, he saw a gray squirrel hanging upside down from the branch, stuffing its cheeks with seeds. By lunchtime the feeder was empty.\n\n" +
      "Sam refilled it, but the same thing happened the next day. He was frustrated. “That squirrel is a thief,” he grumbled.\n\n" +
      "His mother suggested that he study the problem. Sam sat on the porch with a notebook and watched the squirrel carefully. It always climbed the trunk, ran along the branch, and slid down the string.\n\n" +
      "That gave Sam an idea. He and his mother stretched a long wire between two poles, far from any tree. They hung the feeder in the middle and slid plastic bottles onto the wire on both sides. When the squirrel tried to cross, the bottles spun, and it tumbled into the grass.\n\n" +
      "By the end of the week, a bright red cardinal was visiting the feeder every morning.",
    questions: [
      {
        day: 1,
        question: "What did Sam and his mother use to make the bird feeder?",
        answers: ["An old milk carton", "A wooden box", "A flower pot", "A tin can"],
        correct: 0,
      },
      {
        day: 1,
        question: "Which birds did Sam hope to see?",
        answers: [
          "Robins and crows",
          "Cardinals and chickadees",
          "Owls and hawks",
          "Ducks and geese",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "What was visiting the feeder every morning at the end of the story?",
        answers: ["A gray squirrel", "A blue jay", "A bright red cardinal", "A chipmunk"],
        correct: 2,
      },
      {
        day: 1,
        question: "Where did Sam sit to watch the squirrel with his notebook?",
        answers: ["In a tree house", "In the garage", "At the kitchen table", "On the porch"],
        correct: 3,
      },
      {
        day: 2,
        question: "What did Sam do after his mother suggested that he study the problem?",
        answers: [
          "He watched the squirrel carefully from the porch.",
          "He built a new feeder out of wood.",
          "He chased the squirrel up the tree.",
          "He bought a bigger bag of seeds.",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "Sam was “frustrated.” What does frustrated mean?",
        answers: [
          "Sleepy and ready for bed",
          "Upset because something keeps going wrong",
          "Excited about a surprise",
          "Hungry for lunch",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Which of these happened first?",
        answers: [
          "Sam stretched a wire between two poles.",
          "A cardinal visited every morning.",
          "The squirrel emptied the feeder.",
          "The squirrel tumbled into the grass.",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Sam called the squirrel a “thief.” What is a thief?",
        answers: [
          "Someone who builds things",
          "Someone who sings loudly",
          "Someone who helps a friend",
          "Someone who takes what is not theirs",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "How did the spinning bottles help Sam?",
        answers: [
          "The squirrel could not hold on to cross the wire.",
          "The bottles held extra seeds for the birds.",
          "The bottles made music that the birds liked.",
          "The bottles kept the rain off the feeder.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why did Sam hang the new feeder far from any tree?",
        answers: [
          "So he could see it better from his bedroom",
          "So the squirrel could not climb a branch to reach it",
          "So the birds would have more sunshine",
          "So the feeder would not blow away",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What is the story mostly about?",
        answers: [
          "A squirrel that builds a nest in a maple tree",
          "A boy who learns the names of many birds",
          "A boy who watches a squirrel closely and finds a way to keep it off his feeder",
          "A family that plants a tree in the backyard",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What does the story show about solving problems?",
        answers: [
          "It is best to give up when something goes wrong.",
          "Problems always fix themselves.",
          "Only grown-ups can solve problems.",
          "Watching carefully can help you find a solution.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Describe how Sam solved his squirrel problem. Use details from the story to explain each step he took.",
  },
  {
    slug: "bm-g3-life-in-a-tide-pool",
    title: "Grade 3 Benchmark: Life in a Tide Pool",
    planId: 12,
    benchmarkGrade: 3,
    lexile: 620,
    wordsPerMinute: 112,
    storyGenre: "Informational",
    subject: "Science",
    musicGenre: "Spoken Word",
    lyrics:
      "Along rocky ocean shores, the water rises and falls twice each day. These changes are called tides. When the tide goes out, small pools of seawater are left behind in the hollows of the rocks. These are called tide pools.\n\n" +
      "Tide pools may look quiet, but they are full of life. Sea stars cling to the rocks with hundreds of tiny tube feet. Sea anemones look like flowers, but they are really animals. They wave their soft arms, called tentacles, to catch bits of food floating by. Small crabs hide in cracks, and snails slowly graze on green algae.\n\n" +
      "Living in a tide pool is not easy. When the tide is out, the sun can warm the water and dry out the rocks. Some animals close up tightly to hold in water. Mussels shut their shells, and anemones pull in their tentacles until they look like little blobs of jelly. Waves can also crash into the pools, so many animals hold on tightly to stay in place.\n\n" +
      "If you visit a tide pool, walk carefully and look closely. Touch gently, if at all, and never take animals home. Each creature belongs in its own rocky home by the sea.",
    questions: [
      {
        day: 1,
        question: "What do snails in a tide pool graze on?",
        answers: ["Green algae", "Sand", "Small crabs", "Bits of shell"],
        correct: 0,
      },
      {
        day: 1,
        question: "How often does the ocean water rise and fall along rocky shores?",
        answers: ["Once a week", "Twice each day", "Once a year", "Every hour"],
        correct: 1,
      },
      {
        day: 1,
        question: "What do mussels do when the tide is out?",
        answers: [
          "Swim to deep water",
          "Bury themselves in sand",
          "Shut their shells",
          "Climb to the top of the rocks",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "What do sea stars use to cling to the rocks?",
        answers: ["Sharp claws", "Long tails", "Sticky shells", "Hundreds of tiny tube feet"],
        correct: 3,
      },
      {
        day: 2,
        question: "In this passage, what are tentacles?",
        answers: [
          "The soft arms a sea anemone uses to catch food",
          "The hard shells of mussels",
          "The cracks where crabs hide",
          "The hollows in the rocks",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What happens right after the tide goes out?",
        answers: [
          "The rocks are covered by deep water.",
          "Small pools of seawater are left behind in the rocks.",
          "The sea stars swim away.",
          "The anemones open like flowers.",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "According to the passage, what are tides?",
        answers: [
          "Large rocks along the shore",
          "Animals that live in the sea",
          "The rising and falling of ocean water",
          "Pools of water left in the sand",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Snails “graze” on algae. What does graze mean?",
        answers: [
          "To swim very fast",
          "To hide in a crack",
          "To sleep all day",
          "To eat slowly, a little at a time",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is this passage mostly about?",
        answers: [
          "Tide pools are home to many animals that have ways to survive there.",
          "Sea anemones are really flowers that grow on rocks.",
          "The ocean is too dangerous for people to visit.",
          "Crabs are the most important animals in the sea.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why does the author say visitors should never take animals home?",
        answers: [
          "The animals are too heavy to carry.",
          "The animals need their tide pool home to live.",
          "The animals will bite.",
          "The animals are too small to see.",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why do some animals close up tightly when the tide is out?",
        answers: [
          "To catch more food",
          "To get ready to sleep",
          "To keep from drying out",
          "To scare away visitors",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Which word best describes life in a tide pool?",
        answers: ["Easy", "Boring", "Silent", "Challenging"],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Choose one tide pool animal and explain how it survives in its rocky home. Use details from the passage.",
  },
  {
    slug: "bm-g4-shadows-in-the-storm",
    title: "Grade 4 Benchmark: Shadows in the Storm",
    planId: 12,
    benchmarkGrade: 4,
    lexile: 740,
    wordsPerMinute: 133,
    storyGenre: "Realistic Fiction",
    subject: "Family",
    musicGenre: "Spoken Word",
    lyrics:
      "The storm had been growling all afternoon, and just as Marcus sat down to finish his homework, the lights flickered and went out. The refrigerator stopped humming. The apartment fell silent except for the rain drumming against the windows.\n\n" +
      "“Don't panic,” Mom called from the hallway. She found a flashlight in the kitchen drawer and a box of candles on the top shelf of the closet. Soon the living room glowed with small, wavering flames.\n\n" +
      "Marcus's little sister, Jada, clutched her stuffed rabbit. “How long will it be dark?” she asked nervously.\n\n" +
      "“Nobody knows,” Mom admitted. “Maybe an hour. Maybe all night.”\n\n" +
      "At first Marcus was annoyed. His tablet battery was nearly dead, and he couldn't finish his project without the internet. Then he noticed that Jada was trembling. He remembered how frightened he had been of storms when he was her age.\n\n" +
      "Marcus grabbed the flashlight and pointed it at the wall. He curled his fingers together, and a shadow dog appeared, wagging its ears. Jada giggled. He made a bird flap across the ceiling and a rabbit that looked just like hers.\n\n" +
      "Before long, Mom joined in with a shadow crocodile, and together they invented a silly story about a crocodile who was afraid of the dark.\n\n" +
      "When the power returned two hours later, everyone blinked in the sudden brightness. Jada sighed. “Can we turn the lights back off?”",
    questions: [
      {
        day: 1,
        question: "What was Marcus doing when the lights went out?",
        answers: [
          "Sitting down to finish his homework",
          "Eating dinner",
          "Watching a movie",
          "Taking a bath",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What was Jada holding?",
        answers: ["A flashlight", "Her stuffed rabbit", "A candle", "A blanket"],
        correct: 1,
      },
      {
        day: 1,
        question: "Where did Mom find the box of candles?",
        answers: [
          "In the kitchen drawer",
          "Under the sink",
          "On the top shelf of the closet",
          "In Marcus's room",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "How long was the power out?",
        answers: ["Ten minutes", "One hour", "All night", "Two hours"],
        correct: 3,
      },
      {
        day: 2,
        question: "What did Marcus do right after he noticed that Jada was trembling?",
        answers: [
          "He remembered how frightened he had been of storms at her age.",
          "He made a shadow crocodile.",
          "He finished his project.",
          "He went to bed.",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "Jada was “trembling.” What does trembling mean?",
        answers: ["Laughing", "Shaking", "Sleeping", "Yawning"],
        correct: 1,
      },
      {
        day: 2,
        question: "Which of these happened last?",
        answers: [
          "Mom found a flashlight.",
          "Marcus made a shadow dog.",
          "Jada asked if they could turn the lights back off.",
          "Mom made a shadow crocodile.",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "The room glowed with “wavering” flames. What does wavering mean?",
        answers: ["Burning out", "Frozen in place", "Very hot", "Moving unsteadily back and forth"],
        correct: 3,
      },
      {
        day: 3,
        question: "How did Marcus's feelings change during the story?",
        answers: [
          "He went from annoyed to caring and playful.",
          "He went from happy to angry.",
          "He was scared the whole time.",
          "He went from excited to bored.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why did Jada ask to turn the lights back off?",
        answers: [
          "The lights hurt her eyes.",
          "She was enjoying the shadow games and wanted to keep playing.",
          "She wanted to go to sleep.",
          "She was still afraid of the storm.",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What is the story mostly about?",
        answers: [
          "A boy who learns how to fix the power",
          "A storm that damages the family's apartment",
          "A family that finds a way to have fun together during a blackout",
          "A girl who loses her stuffed rabbit",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why did Marcus start making shadow animals?",
        answers: [
          "His teacher asked him to for homework.",
          "He wanted to test the flashlight.",
          "He was bored without his project.",
          "He wanted to help Jada feel less afraid.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "How did Marcus help his sister during the power outage? Use at least two details from the story to support your answer.",
  },
  {
    slug: "bm-g4-inside-a-honeybee-hive",
    title: "Grade 4 Benchmark: Inside a Honeybee Hive",
    planId: 12,
    benchmarkGrade: 4,
    lexile: 770,
    wordsPerMinute: 133,
    storyGenre: "Informational",
    subject: "Science",
    musicGenre: "Spoken Word",
    lyrics:
      "A honeybee hive may hold more than thirty thousand bees, yet it runs as smoothly as a well-organized city. Every bee has a job, and together they keep the colony alive.\n\n" +
      "At the center of the hive is the queen. She is the largest bee, and her main task is to lay eggs, sometimes more than a thousand in a single day. A small number of male bees, called drones, also live in the hive.\n\n" +
      "Most of the bees are female workers, and their jobs change as they grow older. A summer worker lives only about six weeks, so she must move from job to job quickly. Young workers stay inside. They clean the wax cells, feed the growing larvae, and build new honeycomb. Older workers guard the entrance, checking the scent of every bee that tries to enter, and the oldest become foragers. Foragers fly from flower to flower, gathering nectar and pollen to carry home.\n\n" +
      "When a forager discovers a good patch of flowers, she returns and performs a special movement called the waggle dance. The direction and length of her dance tell the other bees which way to fly and how far to go.\n\n" +
      "Back in the hive, workers turn nectar into honey by fanning it with their wings until much of the water evaporates. The honey is stored in wax cells and becomes food for the colony during winter, when no flowers are blooming.",
    questions: [
      {
        day: 1,
        question: "What are the male bees in a hive called?",
        answers: ["Drones", "Workers", "Foragers", "Queens"],
        correct: 0,
      },
      {
        day: 1,
        question: "What do foragers gather?",
        answers: ["Wax and water", "Nectar and pollen", "Eggs and larvae", "Leaves and mud"],
        correct: 1,
      },
      {
        day: 1,
        question: "How many eggs might a queen lay in a single day?",
        answers: ["About ten", "About a hundred", "More than a thousand", "More than a million"],
        correct: 2,
      },
      {
        day: 1,
        question: "Which job do young worker bees do?",
        answers: [
          "Guard the entrance",
          "Gather nectar from flowers",
          "Perform the waggle dance",
          "Clean the wax cells and feed the larvae",
        ],
        correct: 3,
      },
      {
        day: 2,
        question:
          "Workers fan the nectar until much of the water “evaporates.” What does evaporates mean?",
        answers: [
          "Turns into vapor and goes into the air",
          "Freezes into ice",
          "Turns into wax",
          "Changes color",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What does a forager do right after she discovers a good patch of flowers?",
        answers: [
          "She stays there all winter.",
          "She returns to the hive and performs the waggle dance.",
          "She lays eggs in the flowers.",
          "She builds honeycomb on the flowers.",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Based on the passage, what is a forager?",
        answers: [
          "A bee that lays all the eggs",
          "A bee that guards the entrance",
          "A bee that searches for and collects food",
          "A bee that lives in another colony",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Which job does a worker bee do last in her life?",
        answers: [
          "Cleaning wax cells",
          "Feeding larvae",
          "Guarding the entrance",
          "Flying out as a forager",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "Why does the author compare a hive to a well-organized city?",
        answers: [
          "Many members have different jobs and work together.",
          "Hives are built with streets and buildings.",
          "Bees like to live near cities.",
          "A hive is as large as a city.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What is the main idea of this passage?",
        answers: [
          "The queen does all the work in the hive.",
          "A hive works well because each bee has a job.",
          "Honeybees are dangerous insects.",
          "Flowers bloom only in winter.",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What would most likely happen to a colony that could not store enough honey?",
        answers: [
          "It would grow much larger in winter.",
          "It would have more foragers in winter.",
          "It might not have enough food to survive the winter.",
          "It would make more wax than usual.",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why is the waggle dance important to the colony?",
        answers: [
          "It keeps the queen warm.",
          "It scares away other insects.",
          "It turns nectar into honey.",
          "It helps other bees find food quickly.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Choose two jobs that honeybees do and explain how each one helps the colony. Use details from the passage.",
  },
  {
    slug: "bm-g5-second-chair",
    title: "Grade 5 Benchmark: Second Chair",
    planId: 12,
    benchmarkGrade: 5,
    lexile: 860,
    wordsPerMinute: 146,
    storyGenre: "Realistic Fiction",
    subject: "Friendship",
    musicGenre: "Spoken Word",
    lyrics:
      "For two years, Teo had sat in the first chair of the trumpet section, the seat for the strongest player. So when Mr. Okafor posted the new seating chart on Monday, Teo read it twice before he believed it. First chair: Lina Moreno. Second chair: Teo Vasquez.\n\n" +
      "Lina had moved to town only a month earlier. Teo had noticed that she played with a clear, confident tone, but he had never imagined she would replace him. All week he practiced with his jaw clenched, barely glancing at her during rehearsal.\n\n" +
      "On Thursday, Mr. Okafor announced that the first-chair player would perform a solo at the spring concert. Teo slumped in his seat. That solo should have been his.\n\n" +
      "After school, Teo passed an empty practice room and heard someone playing the solo, stumbling on the same difficult measure again and again. Through the small window, he saw Lina, her face tight with frustration.\n\n" +
      "Teo hesitated. Part of him wanted to keep walking. Instead, he knocked. “That measure tripped me up last year,” he said quietly. “It helps to take a breath before the high note instead of after.”\n\n" +
      "Lina tried it. The note rang out clean and bright. She grinned at him, surprised. “Thanks. I've been so worried about being the new kid that I forgot anyone might understand.”\n\n" +
      "On the night of the spring concert, Lina played the solo perfectly. As the audience applauded, she pointed at the trumpet section, straight at Teo. To his own surprise, he was smiling.",
    questions: [
      {
        day: 1,
        question: "How long had Teo sat in the first chair of the trumpet section?",
        answers: ["Two years", "One month", "One week", "Five years"],
        correct: 0,
      },
      {
        day: 1,
        question: "What advice did Teo give Lina?",
        answers: [
          "Play the whole solo louder.",
          "Take a breath before the high note instead of after.",
          "Skip the difficult measure.",
          "Hold the trumpet higher.",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "What did Mr. Okafor announce on Thursday?",
        answers: [
          "The band would get new uniforms.",
          "The spring concert was canceled.",
          "The first-chair player would perform a solo at the spring concert.",
          "Teo would be moved back to first chair.",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "Where did Teo hear Lina practicing the solo?",
        answers: [
          "On the school bus",
          "In the cafeteria",
          "On the stage",
          "In an empty practice room",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "“Teo hesitated.” What does hesitated mean?",
        answers: [
          "Paused because he was unsure",
          "Ran away quickly",
          "Shouted loudly",
          "Laughed at a joke",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "Which of these happened first?",
        answers: [
          "Mr. Okafor posted the new seating chart.",
          "Lina moved to town.",
          "Teo heard Lina practicing after school.",
          "Lina pointed at Teo during the concert.",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Teo practiced “with his jaw clenched.” What does clenched mean?",
        answers: ["Wide open", "Relaxed and loose", "Held tightly together", "Moving quickly"],
        correct: 2,
      },
      {
        day: 2,
        question: "What did Teo do right after he knocked on the practice room door?",
        answers: [
          "He posted a new seating chart.",
          "He played the solo for Lina.",
          "He walked away without a word.",
          "He told Lina about the measure that had tripped him up.",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "Why did Teo barely glance at Lina during rehearsal?",
        answers: [
          "He was upset that she had taken his seat.",
          "He could not see her from his chair.",
          "He was reading his music very carefully.",
          "He did not know her name.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Which sentence best states the theme of the story?",
        answers: [
          "The best player should always sit in first chair.",
          "Helping someone else can matter more than winning.",
          "New students should not play in the band.",
          "Practicing alone is always better than practicing together.",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why did Lina point at Teo after her solo?",
        answers: [
          "She wanted him to stand up and play.",
          "She was telling the audience he had made a mistake.",
          "She wanted to thank him for helping her.",
          "She wanted him to take her seat.",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "How does Teo change from the beginning of the story to the end?",
        answers: [
          "He goes from confident to scared.",
          "He goes from friendly to angry.",
          "He goes from excited to bored.",
          "He goes from jealous to generous.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "How did Teo's feelings about Lina change from the beginning of the story to the end? Use details from the passage to explain what caused the change.",
  },
  {
    slug: "bm-g5-how-glaciers-shape-the-land",
    title: "Grade 5 Benchmark: How Glaciers Shape the Land",
    planId: 12,
    benchmarkGrade: 5,
    lexile: 900,
    wordsPerMinute: 146,
    storyGenre: "Informational",
    subject: "Earth Science",
    musicGenre: "Spoken Word",
    lyrics:
      "A glacier is a huge mass of ice that moves slowly over land. Glaciers form in places where more snow falls in winter than melts in summer. Year after year, the snow piles up. The weight of the new layers presses down on the old ones, squeezing out the air and turning the snow into dense, bluish ice.\n\n" +
      "Although a glacier seems as solid as stone, it is always moving. When the ice becomes thick and heavy enough, gravity pulls it downhill or spreads it outward. Most glaciers creep only a few centimeters to a few meters per day, far too slowly to see with your own eyes.\n\n" +
      "As it travels, a glacier acts like a gigantic bulldozer. It plucks rocks from the ground beneath it and drags them along. These rocks scrape the bedrock, carving long scratches and grinding stone into fine powder. Over thousands of years, glaciers can widen narrow river valleys into broad U-shaped valleys.\n\n" +
      "When a glacier melts back, it leaves clues behind. Piles of rock and soil called moraines mark the places where the ice once stopped. Enormous boulders may sit alone in a field, carried far from where they began. Many lakes fill hollows that glaciers once dug.\n\n" +
      "Today, scientists study glaciers closely because many of them are shrinking. Measuring how quickly they melt helps scientists understand how Earth's climate is changing. Glaciers also hold a large share of Earth's fresh water, and many rivers, farms, and towns depend on their meltwater.",
    questions: [
      {
        day: 1,
        question: "Where do glaciers form?",
        answers: [
          "In places where more snow falls in winter than melts in summer",
          "In warm places near the ocean",
          "In deserts where it never rains",
          "At the bottom of deep lakes",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What kind of valleys can glaciers carve over thousands of years?",
        answers: [
          "Narrow V-shaped valleys",
          "Broad U-shaped valleys",
          "Deep zigzag valleys",
          "Small round valleys",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "Why are scientists studying glaciers closely today?",
        answers: [
          "Glaciers are growing faster than ever.",
          "Glaciers are moving into cities.",
          "Many glaciers are shrinking, and this helps show how Earth's climate is changing.",
          "Glaciers are the only source of fresh water.",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "How fast do most glaciers move?",
        answers: [
          "Several kilometers per hour",
          "As fast as a flowing river",
          "They never move at all",
          "A few centimeters to a few meters per day",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "According to the passage, what are moraines?",
        answers: [
          "Piles of rock and soil that mark where the ice once stopped",
          "Lakes that form on top of glaciers",
          "Long scratches carved into bedrock",
          "Layers of fresh snow",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "A glacier “plucks” rocks from the ground. What does plucks mean?",
        answers: ["Paints", "Pulls out", "Buries", "Counts"],
        correct: 1,
      },
      {
        day: 2,
        question: "The snow turns into “dense” ice. What does dense mean?",
        answers: ["Light and fluffy", "Warm and soft", "Tightly packed together", "Clear and thin"],
        correct: 2,
      },
      {
        day: 2,
        question: "What happens after snow piles up year after year?",
        answers: [
          "The snow melts into a river right away.",
          "The glacier carves a U-shaped valley at once.",
          "Moraines form where the snow first fell.",
          "The weight of new layers presses the old snow into ice.",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is this passage mostly about?",
        answers: [
          "Glaciers are slow-moving ice that shape the land and leave clues behind.",
          "Glaciers are dangerous places for people to hike.",
          "Snow is the most important kind of weather.",
          "Bulldozers are used to build valleys.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why does the author compare a glacier to a bulldozer?",
        answers: [
          "Both are painted bright yellow.",
          "Both push and move large amounts of rock and earth.",
          "Both are built by people.",
          "Both move faster than cars.",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why can't people see a glacier moving?",
        answers: [
          "Glaciers move only at night.",
          "Glaciers are hidden under the ground.",
          "Glaciers move far too slowly to see.",
          "Glaciers stop moving when people watch.",
        ],
        correct: 2,
      },
      {
        day: 3,
        question:
          "A huge boulder sits alone in a flat field far from any mountain. What does this most likely show?",
        answers: [
          "A river dropped it there last year.",
          "People rolled it there to build a wall.",
          "It grew there from a small stone.",
          "A glacier once carried it there.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Explain two ways a glacier changes the land. Use details from the passage to support your answer.",
  },
  {
    slug: "bm-g1-the-loose-tooth",
    title: "Grade 1 Benchmark: The Loose Tooth",
    planId: 12,
    benchmarkGrade: 1,
    lexile: 300,
    wordsPerMinute: 60,
    storyGenre: "Realistic Fiction",
    subject: "Growing Up",
    musicGenre: "Spoken Word",
    lyrics:
      "Ben had a loose tooth. It was on the bottom, in the front. He wiggled it with his tongue all day.\n\n" +
      "At breakfast, Ben ate his toast. The tooth moved, but it did not come out.\n\n" +
      "At school, Ben showed his friend Kim. He pushed the tooth with his finger. “Wow!” said Kim. “It is so wobbly.”\n\n" +
      "At lunch, Ben had a big red apple. He took one bite. Crunch! Then he felt a hole in his mouth.\n\n" +
      "“My tooth!” said Ben. He looked at the apple. There was his tooth, stuck in the bite.\n\n" +
      "His teacher gave him a little box. After school, Ben ran all the way home. “Dad, look!” he said, and he held up the tiny white tooth.",
    questions: [
      {
        day: 1,
        question: "Where was Ben's loose tooth?",
        answers: [
          "On the bottom, in the front",
          "On the top, in the back",
          "On the top, in the front",
          "On the bottom, in the back",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "Who did Ben show his tooth to at school?",
        answers: ["His teacher", "His friend Kim", "His dad", "His sister"],
        correct: 1,
      },
      {
        day: 1,
        question: "What did Ben eat at lunch?",
        answers: ["A bowl of soup", "Some toast", "A big red apple", "A ham sandwich"],
        correct: 2,
      },
      {
        day: 1,
        question: "What did the teacher give Ben?",
        answers: ["A sticker", "A note", "A bag", "A little box"],
        correct: 3,
      },
      {
        day: 2,
        question: "Ben “wiggled” his tooth. What does wiggled mean?",
        answers: ["Moved it back and forth a little", "Painted it", "Hid it", "Washed it"],
        correct: 0,
      },
      {
        day: 2,
        question: "What happened right after Ben took a bite of the apple?",
        answers: [
          "He ate his toast.",
          "He felt a hole in his mouth.",
          "He showed Kim his tooth.",
          "He ran home.",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "What does the word “Crunch!” tell about?",
        answers: [
          "The name of Ben's friend",
          "The color of the apple",
          "The sound Ben made when he bit the apple",
          "The sound of the school bell",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "What happened first in the story?",
        answers: [
          "Ben ran home after school.",
          "Ben bit the apple.",
          "Ben showed Kim his tooth.",
          "Ben ate his toast.",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "How did Ben most likely feel when he found his tooth in the apple?",
        answers: ["Excited", "Sleepy", "Angry", "Bored"],
        correct: 0,
      },
      {
        day: 3,
        question: "Why did the teacher give Ben a little box?",
        answers: [
          "So he could keep his lunch in it",
          "So he would not lose his tooth",
          "So he could give it to Kim",
          "So he could put the apple in it",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What is the story mostly about?",
        answers: [
          "A boy who loses his lunch box",
          "A girl who likes to eat apples",
          "A boy whose loose tooth comes out at lunch",
          "A dad who makes toast",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why did Ben run all the way home?",
        answers: [
          "He was late for dinner.",
          "He wanted to play in the rain.",
          "He lost his little box.",
          "He could not wait to show his dad the tooth.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "What happened to Ben's loose tooth? Write two or three sentences using details from the story.",
  },
  {
    slug: "bm-g2-sunflowers",
    title: "Grade 2 Benchmark: Sunflowers",
    planId: 12,
    benchmarkGrade: 2,
    lexile: 460,
    wordsPerMinute: 100,
    storyGenre: "Informational",
    subject: "Plants",
    musicGenre: "Spoken Word",
    lyrics:
      "A sunflower begins as a small seed with a black and white striped shell. In spring, people plant the seeds in warm soil. After about a week, a tiny green sprout pushes up out of the ground.\n\n" +
      "Sunflowers grow fast. In just a few months, some kinds grow taller than a grown-up. Their thick, hairy stems hold up big, heavy heads.\n\n" +
      "Before it blooms, a young sunflower does something surprising. It follows the sun across the sky. In the morning it faces east, where the sun rises. By evening it faces west. At night it turns back to the east.\n\n" +
      "The big yellow flower is not really one flower. Its dark center is made of hundreds of tiny flowers packed together. Bees visit them to drink nectar. Later, each tiny flower can turn into a seed.\n\n" +
      "In the fall, the heavy heads droop. Birds land on them to eat the seeds. Seeds that drop into the soil may grow into new sunflowers next spring.",
    questions: [
      {
        day: 1,
        question: "What does the shell of a sunflower seed look like?",
        answers: ["Black and white striped", "Bright yellow", "Green with spots", "Red and shiny"],
        correct: 0,
      },
      {
        day: 1,
        question: "About how long does it take for a sprout to push up out of the ground?",
        answers: ["One day", "About a week", "About a year", "Ten minutes"],
        correct: 1,
      },
      {
        day: 1,
        question: "What do bees drink from the tiny flowers?",
        answers: ["Rain", "Milk", "Nectar", "Juice"],
        correct: 2,
      },
      {
        day: 1,
        question: "Which way does a young sunflower face in the morning?",
        answers: ["West", "North", "South", "East"],
        correct: 3,
      },
      {
        day: 2,
        question: "In this passage, what is a sprout?",
        answers: [
          "A new plant that is just starting to grow",
          "A kind of bee",
          "The shell of a seed",
          "A big yellow petal",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What does a young sunflower do after it faces west in the evening?",
        answers: [
          "It drops all of its seeds.",
          "It turns back to the east at night.",
          "It blooms right away.",
          "It stops growing.",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "In the fall, the heads “droop.” What does droop mean?",
        answers: ["Spin around fast", "Stand up straight", "Hang down", "Grow brighter"],
        correct: 2,
      },
      {
        day: 2,
        question: "Which of these happens first in a sunflower's life?",
        answers: [
          "Birds eat its seeds.",
          "The young plant follows the sun.",
          "Bees visit its tiny flowers.",
          "A sprout pushes up out of the ground.",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is this passage mostly about?",
        answers: [
          "How a sunflower grows and changes",
          "How bees make honey",
          "Why birds fly south in the fall",
          "How to pick flowers for a vase",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why do you think some sunflowers need such thick stems?",
        answers: [
          "To keep bees away",
          "To hold up their big, heavy heads",
          "To drink more nectar",
          "To hide from the sun",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why does the author say the big yellow flower is “not really one flower”?",
        answers: [
          "It is really a leaf.",
          "It grows from two stems.",
          "Its center is made of hundreds of tiny flowers.",
          "It only blooms at night.",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why might new sunflowers grow in the same spot next spring?",
        answers: [
          "The bees planted them.",
          "The old stems grew back.",
          "The heads turned to face the sun.",
          "Seeds from the old heads dropped into the soil.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Explain how a sunflower changes from a seed to a tall flower. Use details from the passage.",
  },
  {
    slug: "bm-g3-the-dog-with-no-tag",
    title: "Grade 3 Benchmark: The Dog with No Tag",
    planId: 12,
    benchmarkGrade: 3,
    lexile: 600,
    wordsPerMinute: 112,
    storyGenre: "Realistic Fiction",
    subject: "Kindness",
    musicGenre: "Spoken Word",
    lyrics:
      "On the way home from school, Rosa heard a whimper behind the library steps. A small brown dog was huddled there, shivering in the cold wind. It wore a blue collar, but it had no tag.\n\n" +
      "Rosa knelt down and held out her hand. The dog sniffed it and then licked her fingers. “You must be lost,” she said softly.\n\n" +
      "Rosa carried the dog home, and her father helped her give it a warm bath. That evening, Rosa kept thinking about the family who was missing their pet. “What if they are out searching right now?” she asked.\n\n" +
      "Her father had an idea. Together they took a photo of the dog and made posters that said FOUND DOG with their phone number. The next morning, they taped the posters to lampposts and to the window of the corner market.\n\n" +
      "Two days passed with no calls, and Rosa began to lose hope. Then, on Saturday, the phone rang. An older man named Mr. Hill said the dog was his. Her name was Pepper, and she had slipped under his fence.\n\n" +
      "When Mr. Hill arrived, Pepper leaped into his arms, wagging her whole body. He thanked Rosa and promised to buy Pepper a new tag that very day.",
    questions: [
      {
        day: 1,
        question: "Where did Rosa find the dog?",
        answers: [
          "Behind the library steps",
          "Under a park bench",
          "In the school yard",
          "Next to the corner market",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What color was the dog's collar?",
        answers: ["Red", "Blue", "Green", "Black"],
        correct: 1,
      },
      {
        day: 1,
        question: "What was the dog's name?",
        answers: ["Penny", "Rusty", "Pepper", "Coco"],
        correct: 2,
      },
      {
        day: 1,
        question: "Where did Rosa and her father put the posters?",
        answers: [
          "Inside the library",
          "On the school bus",
          "On the park gate",
          "On lampposts and the window of the corner market",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "What did Rosa and her father do right after they took a photo of the dog?",
        answers: [
          "They made posters that said FOUND DOG.",
          "They gave the dog a warm bath.",
          "They called Mr. Hill.",
          "They bought the dog a new tag.",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "The dog was “huddled” behind the steps. What does huddled mean?",
        answers: [
          "Running in circles",
          "Curled up tightly in a small space",
          "Barking loudly",
          "Digging a hole",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Which of these happened first?",
        answers: [
          "Mr. Hill called on Saturday.",
          "Rosa and her father made posters.",
          "Rosa heard a whimper behind the library steps.",
          "Pepper leaped into Mr. Hill's arms.",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Rosa heard a “whimper.” What is a whimper?",
        answers: ["A loud bark", "A happy song", "A ringing phone", "A soft, sad crying sound"],
        correct: 3,
      },
      {
        day: 3,
        question: "Why did Rosa think the dog was lost?",
        answers: [
          "It wore a collar but was alone and shivering outside.",
          "It had a tag with a faraway address.",
          "Mr. Hill had told her about it.",
          "She had seen it at the library before.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question:
          "What does Rosa's question “What if they are out searching right now?” show about her?",
        answers: [
          "She wanted to keep the dog for herself.",
          "She cared about the family who had lost their pet.",
          "She was afraid to go outside at night.",
          "She did not like dogs very much.",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What is the story mostly about?",
        answers: [
          "A dog that learns a new trick",
          "A girl who moves to a new town",
          "A girl who helps a lost dog get back to its owner",
          "A man who opens a pet store",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why did Mr. Hill promise to buy Pepper a new tag?",
        answers: [
          "Pepper did not like her blue collar.",
          "Rosa asked him to pay her back.",
          "Tags help dogs stay warm.",
          "If Pepper got lost again, people would know where she lived.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Describe the steps Rosa and her father took to find Pepper's owner. Use details from the story.",
  },
  {
    slug: "bm-g4-how-lighthouses-guide-ships",
    title: "Grade 4 Benchmark: How Lighthouses Guide Ships",
    planId: 12,
    benchmarkGrade: 4,
    lexile: 760,
    wordsPerMinute: 133,
    storyGenre: "Informational",
    subject: "History",
    musicGenre: "Spoken Word",
    lyrics:
      "For hundreds of years, sailors have relied on lighthouses to guide them along dangerous coasts. A lighthouse is a tall tower with a powerful light at the top. Its beam warns ships about hidden rocks and shallow sandbars, and it marks the entrances to harbors.\n\n" +
      "Early lighthouses burned wood, coal, or oil lamps, and their light did not reach very far. Then, in the 1820s, a French scientist invented a new kind of lens. It was made of many curved pieces of glass arranged in rings, so it looked like a giant glass beehive. The lens gathered the light of a single flame and bent it into a strong, narrow beam that could be seen from many miles away.\n\n" +
      "Each lighthouse sends its own signal. One might flash every five seconds, while another shows a steady glow or two quick flashes. By watching the pattern, sailors at night can tell which lighthouse they are seeing and figure out where their ship is. In the daytime, painted stripes, spirals, or diamonds help identify each tower.\n\n" +
      "For many years, lighthouse keepers lived beside the towers with their families. Every evening they climbed the winding stairs to trim the wicks, polish the glass, and keep the light burning until dawn. During thick fog, they sounded horns or rang bells.\n\n" +
      "Today, most lighthouses run automatically, and ships also use satellite navigation. Still, many towers continue to shine every night as a backup.",
    questions: [
      {
        day: 1,
        question: "What did early lighthouses burn to make light?",
        answers: [
          "Wood, coal, or oil lamps",
          "Electric bulbs",
          "Gas from the ocean",
          "Glass and sand",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What did the new lens look like?",
        answers: ["A flat mirror", "A giant glass beehive", "A tall ladder", "A round bell"],
        correct: 1,
      },
      {
        day: 1,
        question: "What did keepers do during thick fog?",
        answers: [
          "Turned off the light",
          "Rowed out to meet the ships",
          "Sounded horns or rang bells",
          "Painted the tower white",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "How do most lighthouses run today?",
        answers: [
          "With keepers who live inside",
          "By burning wood",
          "Only in the daytime",
          "Automatically",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "Sailors have “relied on” lighthouses. What does relied on mean?",
        answers: ["Depended on", "Laughed at", "Painted", "Forgotten about"],
        correct: 0,
      },
      {
        day: 2,
        question: "What did keepers do right after they climbed the winding stairs each evening?",
        answers: [
          "They sounded the fog horn.",
          "They trimmed the wicks and polished the glass.",
          "They painted stripes on the tower.",
          "They went to sleep until dawn.",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Painted patterns help “identify” each tower. What does identify mean?",
        answers: [
          "To hide something",
          "To build something",
          "To tell what something is",
          "To make something brighter",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Which of these happened last in the history of lighthouses?",
        answers: [
          "Lighthouses burned wood and coal.",
          "A scientist invented a new lens.",
          "Keepers climbed the stairs every evening.",
          "Most lighthouses began to run automatically.",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the main idea of this passage?",
        answers: [
          "Lighthouses use light and signals to help ships travel safely.",
          "Lighthouse keepers enjoyed climbing stairs.",
          "Ships no longer travel at night.",
          "Fog is the most dangerous kind of weather.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question:
          "A sailor at night sees a light that flashes twice and then goes dark. How does this help the sailor?",
        answers: [
          "It tells the sailor to stop the ship.",
          "It helps the sailor know which lighthouse it is and where the ship is.",
          "It means a storm is coming.",
          "It shows where the fish are.",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why did keepers sound horns or ring bells during thick fog?",
        answers: [
          "To wake up their families",
          "To tell the time of day",
          "Sailors might not be able to see the light through the fog.",
          "To scare away seabirds",
        ],
        correct: 2,
      },
      {
        day: 3,
        question:
          "Why do many lighthouses still shine today, even though ships use satellite navigation?",
        answers: [
          "The keepers refuse to leave.",
          "They are only for visitors to look at.",
          "Ships cannot sail without them.",
          "They can still guide ships if other equipment fails.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Explain two ways lighthouses help sailors stay safe. Use details from the passage to support your answer.",
  },
  {
    slug: "bm-g5-the-creek-behind-the-school",
    title: "Grade 5 Benchmark: The Creek Behind the School",
    planId: 12,
    benchmarkGrade: 5,
    lexile: 870,
    wordsPerMinute: 146,
    storyGenre: "Realistic Fiction",
    subject: "Community",
    musicGenre: "Spoken Word",
    lyrics:
      "Every day at recess, Nadia stood at the edge of the playground and stared at the creek that ran behind the school. Plastic bags clung to the branches along its banks, and cans glinted in the shallow water. A gray heron sometimes waded there, picking its way between the litter.\n\n" +
      "One afternoon, Nadia asked Ms. Brandt, the principal, whether students could clean up the creek. Ms. Brandt looked skeptical. “It's a big job,” she said, “but if you can find volunteers and an adult to supervise, you may try on Saturday mornings.”\n\n" +
      "Nadia made flyers and handed them to everyone in her grade. She imagined a crowd of eager helpers. On the first Saturday, however, only her cousin Omar and her neighbor Mrs. Lee showed up, carrying gloves and a roll of trash bags. Nadia's heart sank.\n\n" +
      "The three of them worked for two hours anyway. They filled six bags, and Omar kept a tally of every item on a clipboard: eighty-one cans, forty-seven bottles, and one rusty bicycle wheel.\n\n" +
      "On Monday, Nadia taped the tally and a photograph of the six bulging bags to the cafeteria wall. Students crowded around it, pointing at the bicycle wheel and arguing about how it could have gotten there.\n\n" +
      "The next Saturday, nine people came. The Saturday after that, there were twenty-three. By the end of the month, the banks were clear, and the water sparkled over the stones.\n\n" +
      "One morning at recess, Nadia spotted the heron again, standing perfectly still in the clean water. This time, nothing was in its way.",
    questions: [
      {
        day: 1,
        question: "Who showed up to help on the first Saturday?",
        answers: [
          "Her cousin Omar and her neighbor Mrs. Lee",
          "Ms. Brandt and the whole grade",
          "Nadia's parents and her teacher",
          "Twenty-three students",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "How many bags did the helpers fill on the first Saturday?",
        answers: ["Three", "Six", "Nine", "Twenty-three"],
        correct: 1,
      },
      {
        day: 1,
        question: "Where did Nadia tape the tally and the photograph?",
        answers: [
          "On the classroom door",
          "On the principal's desk",
          "On the cafeteria wall",
          "On a tree by the creek",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "What unusual item did the helpers pull out of the creek?",
        answers: ["A shopping cart", "A broken chair", "A soccer ball", "A rusty bicycle wheel"],
        correct: 3,
      },
      {
        day: 2,
        question: "Ms. Brandt looked “skeptical.” What does skeptical mean?",
        answers: [
          "Doubtful that something will work",
          "Very angry",
          "Thrilled and excited",
          "Tired and sleepy",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "Which of these happened first?",
        answers: [
          "Nadia taped a photograph to the cafeteria wall.",
          "Nadia asked Ms. Brandt whether students could clean up the creek.",
          "Nine people came to help.",
          "Nadia spotted the heron in the clean water.",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Omar kept a “tally” of every item. What is a tally?",
        answers: [
          "A drawing of the creek",
          "A list of the volunteers' names",
          "A count of how many of each thing there are",
          "A map of the school grounds",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "What happened on the Saturday after Nadia put up the tally and the photograph?",
        answers: [
          "Nobody came.",
          "Only Omar came.",
          "Twenty-three people came.",
          "Nine people came to help.",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "Why did Nadia's heart sink on the first Saturday?",
        answers: [
          "She had hoped many more people would come.",
          "It began to rain hard.",
          "She had forgotten her gloves.",
          "The creek was already clean.",
        ],
        correct: 0,
      },
      {
        day: 3,
        question:
          "Why did Nadia most likely put the tally and the photograph on the cafeteria wall?",
        answers: [
          "To find out who owned the bicycle wheel",
          "To show students how much trash was in the creek and get them interested",
          "To prove that Omar could count",
          "To ask the cafeteria to stop using cans",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Which sentence best states the theme of the story?",
        answers: [
          "Only adults can solve big problems.",
          "A playground is more fun than a creek.",
          "Sticking with a hard job can inspire others to join in.",
          "It is always best to work alone.",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What does the last sentence, “This time, nothing was in its way,” suggest?",
        answers: [
          "The heron was about to fly away.",
          "The heron was looking for Nadia.",
          "The students were blocking the heron.",
          "The creek was now free of litter.",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "How did Nadia get more people to help clean the creek? Use details from the story to explain what changed and why.",
  },
];
