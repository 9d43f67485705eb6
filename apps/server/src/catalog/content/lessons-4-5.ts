import type { LessonContent } from "./types.ts";

/** "Window Seat to the Pacific" sings its chorus twice. */
const trainChorus =
  "Clickety-clack, clickety-clack,\n" +
  "The whole wide country rolling by the track,\n" +
  "Every mile a brand-new view,\n" +
  "From the lake to the ocean, me and you.\n";

export const lessons45: LessonContent[] = [
  {
    slug: "g4-maya-and-the-windmill-light",
    title: "Maya and the Windmill Light",
    planId: 10,
    lexile: 700,
    wordsPerMinute: 115,
    storyGenre: "Realistic Fiction",
    subject: "Technology",
    musicGenre: "Country",
    lyrics:
      "Maya kept a notebook with a pencil on a string,\n" +
      "She dreamed about a windmill that could make a light bulb sing.\n" +
      "She found a rusty bicycle wheel behind the old red barn,\n" +
      "She cut some tin for windmill blades and tied them on with yarn.\n" +
      "\n" +
      "The first time that she tested it, the yarn began to slip,\n" +
      "The blades went flying off the wheel and landed in a ditch.\n" +
      "The second time, a wire was loose, the bulb stayed dark all night,\n" +
      "Her little brother giggled, “Maya, that will never light!”\n" +
      "\n" +
      "So try, try, try again,\n" +
      "Every mistake is a teacher and a friend.\n" +
      "When the wheel won't turn and the bulb won't shine,\n" +
      "Fix one thing and try one more time.\n" +
      "\n" +
      "Grandpa sat beside her on the porch at setting sun,\n" +
      "“Write down what went wrong,” he said, “and learn from every one.”\n" +
      "So she traded yarn for metal bolts and taped each wire with care,\n" +
      "She turned the blades to face the wind that whistled through the air.\n" +
      "\n" +
      "One breezy autumn evening, the wheel began to spin,\n" +
      "The little bulb flicked on bright gold, and she saw her brother grin.\n" +
      "Her notebook held a page of notes for every time she failed,\n" +
      "But every note had pushed her on, like wind inside a sail.\n" +
      "\n" +
      "So try, try, try again,\n" +
      "Every mistake is a teacher and a friend.\n" +
      "Fix one thing and try one more time!",
    questions: [
      {
        day: 1,
        question: "What did Maya use as the main part of her windmill?",
        answers: [
          "A broken kitchen fan",
          "A rusty bicycle wheel",
          "An old wagon wheel",
          "A metal trash can lid",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "What happened the first time Maya tested her windmill?",
        answers: [
          "The bulb flickered and went out",
          "Her brother knocked it over",
          "The yarn slipped and the blades flew into a ditch",
          "The wind was too weak to turn it",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "Why did the bulb stay dark during the second test?",
        answers: [
          "A wire was loose",
          "The bulb was broken",
          "There was no wind that night",
          "The tin blades were too heavy",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "Who told Maya to write down what went wrong?",
        answers: ["Her little brother", "Her teacher", "Her neighbor", "Her grandpa"],
        correct: 3,
      },
      {
        day: 2,
        question: "The song says Maya “traded yarn for metal bolts.” What does “traded” mean here?",
        answers: [
          "Sold for money",
          "Replaced one thing with another",
          "Threw away for good",
          "Borrowed from a friend",
        ],
        correct: 1,
      },
      {
        day: 2,
        question:
          "“Every note had pushed her on, like wind inside a sail.” What does this comparison mean?",
        answers: [
          "Her notebook blew away in the wind",
          "Maya wanted to go sailing",
          "Each mistake she wrote down helped move her forward",
          "Her notes were written on a sail",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Which event happened LAST in the song?",
        answers: [
          "The blades landed in a ditch",
          "Grandpa sat with Maya on the porch",
          "Her brother said the windmill would never light",
          "The little bulb flicked on bright gold",
        ],
        correct: 3,
      },
      {
        day: 2,
        question:
          "Maya dreamed of a windmill that could “make a light bulb sing.” What does this phrase mean?",
        answers: [
          "Make the bulb light up brightly",
          "Make the bulb play music",
          "Make the bulb break into pieces",
          "Make the bulb spin in circles",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What is the theme of the song?",
        answers: [
          "Mistakes can help you learn if you keep trying",
          "Windmills are too hard for kids to build",
          "Little brothers are always right",
          "You should only try something once",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why did Maya's brother most likely grin at the end?",
        answers: [
          "He had fixed the windmill himself",
          "He was happy and surprised that the windmill worked",
          "He wanted Maya to fail again",
          "He thought the bulb looked funny",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why did Grandpa want Maya to write down what went wrong?",
        answers: [
          "So she could show it to her teacher",
          "So she would stop building windmills",
          "So she could learn from each mistake and fix it",
          "So her brother could read it",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What is the author's main purpose for writing this song?",
        answers: [
          "To explain where to buy a windmill",
          "To compare bicycles and windmills",
          "To persuade readers to live on a farm",
          "To tell a story that shows why it is important not to give up",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "How did Maya finally get her windmill light to work? Explain what she changed after her mistakes and what the song teaches about failing, using at least two details from the lyrics.",
  },
  {
    slug: "g4-slow-giants-under-our-feet",
    title: "Slow Giants Under Our Feet",
    planId: 10,
    lexile: 830,
    wordsPerMinute: 122,
    storyGenre: "Informational",
    subject: "Science",
    musicGenre: "Rock",
    lyrics:
      "You think the ground is sleeping, solid, quiet, still,\n" +
      "But underneath the city and below the highest hill,\n" +
      "Earth's crust is cracked in pieces, like an eggshell that's been dropped,\n" +
      "Giant plates that ride on hot, soft rock and never, ever stop.\n" +
      "\n" +
      "Slow giants moving under our feet,\n" +
      "A couple of inches a year, that's their beat,\n" +
      "As slow as your fingernails grow, grow, grow,\n" +
      "The whole world's moving, even when you don't know!\n" +
      "\n" +
      "Where two plates pull apart beneath the ocean floor,\n" +
      "Melted rock called magma rises up to make some more,\n" +
      "It cools and hardens into brand-new crust of dark, hard stone,\n" +
      "And so the seafloor spreads and grows, all on its own.\n" +
      "\n" +
      "Where two plates push together, the land begins to fold,\n" +
      "It crumples into mountains, jagged, high, and cold,\n" +
      "India crashed into Asia many millions of years ago,\n" +
      "It's pushing still, so the Himalayas keep on rising slow.\n" +
      "\n" +
      "Where two plates scrape sideways, they can catch and stick and lock,\n" +
      "Then suddenly they slip, and the ground begins to rock,\n" +
      "That jolt is called an earthquake, shaking houses, roads, and trees,\n" +
      "The plates let go of built-up stress, then settle back with ease.\n" +
      "\n" +
      "Slow giants moving under our feet,\n" +
      "A couple of inches a year, that's their beat,\n" +
      "As slow as your fingernails grow, grow, grow,\n" +
      "The whole world's moving, even when you don't know!",
    questions: [
      {
        day: 1,
        question: "What does the song compare Earth's cracked crust to?",
        answers: [
          "A spider web",
          "A puzzle in a box",
          "An eggshell that has been dropped",
          "A cracked sidewalk",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "According to the chorus, how fast do the plates move?",
        answers: [
          "About as fast as fingernails grow",
          "About as fast as a car drives",
          "About a mile every year",
          "Faster than a person can run",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What rises up when two plates pull apart beneath the ocean floor?",
        answers: ["Salt water", "Sand", "Ice", "Magma"],
        correct: 3,
      },
      {
        day: 1,
        question: "What is the sudden jolt called when two plates slip?",
        answers: ["A volcano", "An earthquake", "A tidal wave", "A landslide"],
        correct: 1,
      },
      {
        day: 2,
        question:
          "The song calls the plates “slow giants.” Why does the songwriter use this phrase?",
        answers: [
          "Because the plates are huge and move very slowly",
          "Because giants live under the ground",
          "Because earthquakes are caused by giants walking",
          "Because mountains look like sleeping giants",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "In the line “It crumples into mountains,” what does “crumples” mean?",
        answers: [
          "Melts into a liquid",
          "Breaks into sand",
          "Sinks under the ocean",
          "Bends and wrinkles into folds",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "In the second verse, what happens right after the magma rises?",
        answers: [
          "It causes an earthquake",
          "It cools and hardens into new crust",
          "It crumples into mountains",
          "It freezes into ice",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "The song begins, “You think the ground is sleeping.” What does this mean?",
        answers: [
          "The ground gets tired at night",
          "People like to sleep on the ground",
          "The ground seems like it is not moving at all",
          "The ground is very soft",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why don't people usually feel the plates moving?",
        answers: [
          "The plates stop moving at night",
          "The plates move too slowly to notice",
          "The plates are too far away from cities",
          "People are too busy to pay attention",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What can the reader infer about the Himalayas?",
        answers: [
          "They will soon sink into the ocean",
          "They stopped changing long ago",
          "They are still slowly changing today",
          "They were made by one earthquake",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What is the author's main purpose?",
        answers: [
          "To inform readers about how moving plates shape Earth",
          "To tell a funny story about giants",
          "To persuade people to move away from mountains",
          "To explain how to measure fingernails",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What is the main idea of the song?",
        answers: [
          "Earthquakes happen every day in every city",
          "The Himalayas are the only mountains on Earth",
          "The ocean floor never changes",
          "Earth's plates are always moving slowly and changing the land",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "The song describes plates pulling apart, pushing together and sliding sideways. Choose two of these and explain how each one changes Earth, using details from the song.",
  },
  {
    slug: "g4-new-kid-in-room-twelve",
    title: "New Kid in Room Twelve",
    planId: 10,
    lexile: 660,
    wordsPerMinute: 125,
    storyGenre: "Realistic Fiction",
    subject: "Health",
    musicGenre: "Pop",
    lyrics:
      "My backpack's brand-new and my shoes are too tight,\n" +
      "I barely slept a wink all night,\n" +
      "We moved here in June from a town by the sea,\n" +
      "And nobody here knows a thing about me.\n" +
      "\n" +
      "First day, new place, butterflies inside,\n" +
      "I want to be brave, but I kind of want to hide,\n" +
      "Room Twelve, deep breath, open the door,\n" +
      "Maybe I'm braver than I was before.\n" +
      "\n" +
      "The teacher, Ms. Park, wrote my name on the board,\n" +
      "The class all said hi, but I stared at the floor,\n" +
      "At recess I stood by the fence all alone,\n" +
      "And wished I could magically zoom myself home.\n" +
      "\n" +
      "At lunch I stood frozen, my tray in my hands,\n" +
      "Like a boat with no harbor, no place it could land,\n" +
      "Then a girl with a sketchbook said, “Come sit with me!\n" +
      "I'm Priya. I'm drawing a dragon. Want to see?”\n" +
      "\n" +
      "We traded our pencils, we doodled and laughed,\n" +
      "She drew me a rocket, I drew her a giraffe,\n" +
      "By the last bell, my butterflies were all gone,\n" +
      "I had a new friend and a comic to work on.\n" +
      "\n" +
      "One “Come sit with me” can brighten a day,\n" +
      "So the next time there's a new kid, I know what I'll say.\n" +
      "\n" +
      "First day, new place, butterflies inside,\n" +
      "I want to be brave, but I kind of want to hide,\n" +
      "Room Twelve, deep breath, open the door,\n" +
      "Maybe I'm braver than I was before.",
    questions: [
      {
        day: 1,
        question: "Where did the narrator live before moving?",
        answers: ["In a big city", "In a town by the sea", "On a farm", "In the mountains"],
        correct: 1,
      },
      {
        day: 1,
        question: "What did the narrator do at recess?",
        answers: [
          "Played tag with Priya",
          "Drew comics in the library",
          "Stood by the fence alone",
          "Talked with Ms. Park",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "What was Priya drawing when she invited the narrator to sit with her?",
        answers: ["A dragon", "A rocket", "A giraffe", "A boat"],
        correct: 0,
      },
      {
        day: 1,
        question: "Who wrote the narrator's name on the board?",
        answers: ["Priya", "The principal", "The narrator", "Ms. Park"],
        correct: 3,
      },
      {
        day: 2,
        question: "The narrator has “butterflies inside.” What does this mean?",
        answers: [
          "The narrator feels hungry",
          "The narrator found butterflies at school",
          "The narrator feels nervous",
          "The narrator feels sleepy",
        ],
        correct: 2,
      },
      {
        day: 2,
        question:
          "“Like a boat with no harbor, no place it could land.” What does this comparison show?",
        answers: [
          "The narrator did not know where to sit and felt lost",
          "The narrator wanted to go back to the sea",
          "The narrator dropped the lunch tray",
          "The narrator felt seasick",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "Which event happened FIRST in the song?",
        answers: [
          "Priya invited the narrator to sit with her",
          "The narrator drew a giraffe",
          "The last bell rang",
          "Ms. Park wrote the narrator's name on the board",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "The narrator says, “I barely slept a wink.” What does this mean?",
        answers: [
          "The narrator slept late",
          "The narrator hardly slept at all",
          "The narrator winked at someone",
          "The narrator took a long nap",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Who is telling the story in this song?",
        answers: ["Priya", "Ms. Park", "A new student at the school", "The narrator's parent"],
        correct: 2,
      },
      {
        day: 3,
        question: "How do the narrator's feelings change during the day?",
        answers: [
          "From nervous and lonely to happy and welcome",
          "From happy to angry",
          "From excited to bored",
          "From brave to scared",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What will the narrator most likely do when the next new kid arrives?",
        answers: [
          "Stay away from the new kid",
          "Ask to move to a different class",
          "Tell the teacher about the new kid",
          "Invite the new kid to sit with them",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the theme of the song?",
        answers: [
          "Moving to a new town is always fun",
          "A small act of kindness can make someone feel welcome",
          "Drawing is better than playing at recess",
          "New shoes should always fit",
        ],
        correct: 1,
      },
    ],
    extensionPrompt:
      "How did the narrator's feelings change from the morning to the end of the first day? Explain what caused the change, using at least two details from the song.",
  },
  {
    slug: "g4-grow-it-on-maple-street",
    title: "Grow It on Maple Street",
    planId: 10,
    lexile: 760,
    wordsPerMinute: 112,
    storyGenre: "Persuasive",
    subject: "Social Studies",
    musicGenre: "Reggae",
    lyrics:
      "There's an empty lot on Maple Street with broken glass and weeds,\n" +
      "A rusty cart, a flat old tire, and nothing that anyone needs,\n" +
      "But when I close my eyes, I see tomatoes climbing high,\n" +
      "And sunflowers as tall as kids, all reaching for the sky.\n" +
      "\n" +
      "Come on, neighbor, lend a hand,\n" +
      "Let's plant some hope in this old land,\n" +
      "A seed, a spade, a watering can,\n" +
      "Together we can grow a plan!\n" +
      "\n" +
      "First, a garden gives us food that's fresh and full of taste,\n" +
      "Instead of trash and tangled weeds, the land won't go to waste.\n" +
      "Second, bees and butterflies will have a place to stay,\n" +
      "They help the flowers make the seeds and fruit along the way.\n" +
      "\n" +
      "Third, a garden brings us close, the young ones and the old,\n" +
      "Mr. Diaz grows peppers, some red and some gold,\n" +
      "The Nguyen twins can build the beds, and Grandma Lou can weed,\n" +
      "Everybody has a gift, and that's the help we need.\n" +
      "\n" +
      "So we wrote a petition and we knocked on every door,\n" +
      "We got two hundred signatures, and then we got some more,\n" +
      "We read our reasons loud and clear at the city council hall,\n" +
      "And when they voted “yes,” we cheered the loudest cheer of all!\n" +
      "\n" +
      "Come on, neighbor, lend a hand,\n" +
      "Let's plant some hope in this old land,\n" +
      "A seed, a spade, a watering can,\n" +
      "Together we can grow a plan!",
    questions: [
      {
        day: 1,
        question: "What was on the empty lot before the garden?",
        answers: ["Broken glass and weeds", "A playground", "A parking garage", "A small pond"],
        correct: 0,
      },
      {
        day: 1,
        question: "Which neighbor grows peppers?",
        answers: ["Grandma Lou", "The Nguyen twins", "Mr. Diaz", "The mayor"],
        correct: 2,
      },
      {
        day: 1,
        question: "How many signatures did the kids get at first?",
        answers: ["Twenty", "Fifty", "One hundred", "Two hundred"],
        correct: 3,
      },
      {
        day: 1,
        question: "Where did the kids read their reasons out loud?",
        answers: ["At school", "At the city council hall", "At the library", "On the empty lot"],
        correct: 1,
      },
      {
        day: 2,
        question: "What is a “petition” in this song?",
        answers: [
          "A kind of garden tool",
          "A written request that many people sign to ask for a change",
          "A song sung at city hall",
          "A map of the neighborhood",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "What does the line “Let's plant some hope in this old land” mean?",
        answers: [
          "Hope is a kind of seed you can buy",
          "The land is too old to grow plants",
          "Let's start something good that will make this place better",
          "Let's bury old things in the ground",
        ],
        correct: 2,
      },
      {
        day: 2,
        question:
          "What did the kids do right before they read their reasons at the city council hall?",
        answers: [
          "They collected signatures by knocking on doors",
          "They planted tomatoes",
          "They built the garden beds",
          "They cheered the loudest cheer",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "Why does the songwriter use the words “First,” “Second,” and “Third”?",
        answers: [
          "To count the vegetables",
          "To show the order of the seasons",
          "To number the neighbors",
          "To list the reasons for a garden in order",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the author's main purpose?",
        answers: [
          "To explain how to grow peppers",
          "To describe a city council meeting",
          "To persuade readers that a community garden is a good idea",
          "To tell the history of Maple Street",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why does the song name Mr. Diaz, the Nguyen twins and Grandma Lou?",
        answers: [
          "To show that everyone has a skill to share",
          "To show who owns the lot",
          "To show who voted at the council",
          "To show who left trash on the lot",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "How did the kids most likely feel when the council voted yes?",
        answers: ["Worried", "Bored", "Disappointed", "Proud and excited"],
        correct: 3,
      },
      {
        day: 3,
        question: "Which sentence best states the theme of the song?",
        answers: [
          "Weeds are impossible to remove",
          "When people work together, they can improve their community",
          "City councils always say yes",
          "Gardens only grow in the country",
        ],
        correct: 1,
      },
    ],
    extensionPrompt:
      "Would you want a community garden in your neighborhood? Give your opinion and support it with at least two reasons from the song.",
  },
  {
    slug: "g4-the-waggle-dance",
    title: "The Waggle Dance",
    planId: 10,
    lexile: 800,
    wordsPerMinute: 128,
    storyGenre: "Informational",
    subject: "Science",
    musicGenre: "Funk",
    lyrics:
      "Out in the meadow, a bee found some clover and dew,\n" +
      "She sipped the sweet nectar, then home to the hive she flew,\n" +
      "But inside the hive, it's as dark as the night,\n" +
      "So how will she tell them? She'll dance it just right!\n" +
      "\n" +
      "Do the waggle, waggle, shake it down the line,\n" +
      "Loop to the left and come back in time,\n" +
      "Loop to the right, then waggle again,\n" +
      "That's how a bee shows the way to her friends!\n" +
      "\n" +
      "If she waggles straight up, it means, “Fly toward the sun!”\n" +
      "If she waggles straight down, “Fly away from it, everyone!”\n" +
      "A tilt to the side shows the angle to go,\n" +
      "Left or right of the sun, so her sisters will know.\n" +
      "\n" +
      "The longer she waggles, the farther the trip,\n" +
      "A short little shimmy means a short little zip,\n" +
      "And when flowers are close, only steps from the hive,\n" +
      "She spins a round dance that says, “Come on, it's nearby!”\n" +
      "\n" +
      "Her sisters crowd close and they follow her track,\n" +
      "They sniff the sweet scent of the flowers she brought back,\n" +
      "Then off fly the foragers, buzzing in flight,\n" +
      "Straight to the clover. She told them just right!\n" +
      "\n" +
      "Do the waggle, waggle, shake it down the line,\n" +
      "Loop to the left and come back in time,\n" +
      "Loop to the right, then waggle again,\n" +
      "That's how a bee shows the way to her friends!",
    questions: [
      {
        day: 1,
        question: "What did the honeybee find in the meadow?",
        answers: ["Clover", "Roses", "An apple tree", "Sunflowers"],
        correct: 0,
      },
      {
        day: 1,
        question: "What does it mean when a bee waggles straight up?",
        answers: [
          "Fly away from the sun",
          "Stay inside the hive",
          "Fly toward the sun",
          "The flowers are very close",
        ],
        correct: 2,
      },
      {
        day: 1,
        question: "Which dance does a bee do when flowers are close to the hive?",
        answers: ["The waggle dance", "The zigzag dance", "The sun dance", "The round dance"],
        correct: 3,
      },
      {
        day: 1,
        question: "What do the sisters sniff on the dancing bee?",
        answers: [
          "Honey from the hive",
          "The scent of the flowers she brought back",
          "Rain on her wings",
          "Smoke from a fire",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "In the song, “foragers” are bees that",
        answers: [
          "guard the door of the hive",
          "go out to find and collect food",
          "take care of baby bees",
          "build the honeycomb",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "“A short little shimmy means a short little zip.” What does “zip” mean here?",
        answers: [
          "A quick, short trip",
          "A fastener on a jacket",
          "A loud buzzing noise",
          "A long, slow flight",
        ],
        correct: 0,
      },
      {
        day: 2,
        question:
          "Inside the hive, “it's as dark as the night.” What does this comparison tell you?",
        answers: [
          "Bees only work at night",
          "Bees are afraid of the dark",
          "The hive is painted black",
          "The hive is very dark inside",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "What happens right after the sisters sniff the scent of the flowers?",
        answers: [
          "The bee finds the clover",
          "The bee sips the nectar",
          "The foragers fly off to the clover",
          "The scientist watches the bees",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What is the main idea of the song?",
        answers: [
          "Clover is the only flower bees visit",
          "Bees can see well in the dark",
          "Honeybees use dances to tell other bees where to find food",
          "Bees live alone and do not share",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "If a bee waggles for a long time, what can her sisters figure out?",
        answers: [
          "The flowers are far away",
          "The flowers are right next to the hive",
          "The sun has gone down",
          "The bee is lost",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why does the song explain that the hive is dark?",
        answers: [
          "To warn readers not to touch a hive",
          "To show that bees sleep all day",
          "To describe the color of honey",
          "To show why bees need a special way to share directions",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the author's main purpose?",
        answers: [
          "To persuade readers to keep bees",
          "To teach readers how bees communicate in a fun, musical way",
          "To tell a made-up story about a bee who gets lost",
          "To explain how honey is sold",
        ],
        correct: 1,
      },
    ],
    extensionPrompt:
      "Explain how a honeybee tells her sisters both the direction and the distance to flowers. Use at least two details from the song in your answer.",
  },
  {
    slug: "g4-the-case-of-the-missing-pie",
    title: "The Case of the Missing Pie",
    planId: 10,
    lexile: 720,
    wordsPerMinute: 118,
    storyGenre: "Mystery",
    subject: "Math",
    musicGenre: "Jazz",
    lyrics:
      "At the Maple School bake sale one Saturday noon,\n" +
      "A blueberry pie sat cooling in the lunchroom,\n" +
      "Cut into eight slices, each one the same size,\n" +
      "Till Mrs. Bell returned and couldn't believe her eyes.\n" +
      "\n" +
      "“Five slices are missing!” she cried with a yell,\n" +
      "“Five eighths of my pie, and nobody will tell!”\n" +
      "Detective Jada grabbed her notebook and pen,\n" +
      "“Let's add up the clues, and then add them again.”\n" +
      "\n" +
      "Snap, snap, count it out,\n" +
      "Fractions show what it's all about,\n" +
      "Eighths and fourths, the parts of a whole,\n" +
      "Solving this mystery is Jada's goal!\n" +
      "\n" +
      "Coach Ray said, “I ate one. I admit it was me.”\n" +
      "That's one eighth explained, as plain as can be.\n" +
      "The Ortiz twins giggled, “We each had one, too!”\n" +
      "That's two eighths more, so three eighths are through.\n" +
      "\n" +
      "“Two eighths are still missing. That's one fourth of the pie!”\n" +
      "Jada spied crumbs and a blue paw print nearby.\n" +
      "The trail led past the gym and down the long hall,\n" +
      "To a beagle named Biscuit curled up by the wall.\n" +
      "\n" +
      "His nose was bright purple, his tail thumped the floor,\n" +
      "And a breeze drifted in from a propped-open door.\n" +
      "“Case closed!” Jada said. “One, plus two, plus two\n" +
      "Makes five eighths in all, and the math led me to you!”\n" +
      "\n" +
      "Snap, snap, count it out,\n" +
      "Fractions show what it's all about,\n" +
      "Eighths and fourths, the parts of a whole,\n" +
      "Solving this mystery is Jada's goal!",
    questions: [
      {
        day: 1,
        question: "Into how many equal slices was the pie cut?",
        answers: ["Four", "Five", "Six", "Eight"],
        correct: 3,
      },
      {
        day: 1,
        question: "How many slices did Coach Ray say he ate?",
        answers: ["One", "Two", "Three", "Five"],
        correct: 0,
      },
      {
        day: 1,
        question: "What kind of pie was it?",
        answers: ["Apple", "Blueberry", "Cherry", "Pumpkin"],
        correct: 1,
      },
      {
        day: 1,
        question: "Where did Jada find Biscuit?",
        answers: [
          "In the gym",
          "Under a lunch table",
          "Curled up by the wall",
          "Outside the back door",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Coach Ray says, “I admit it was me.” What does “admit” mean?",
        answers: [
          "To say you did not do something",
          "To agree that something is true",
          "To forget what happened",
          "To blame someone else",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Jada says two eighths is “one fourth of the pie.” What does this tell you?",
        answers: [
          "Two eighths and one fourth are the same amount",
          "One fourth is bigger than two eighths",
          "The pie had only four slices",
          "Two eighths is half of the pie",
        ],
        correct: 0,
      },
      {
        day: 2,
        question:
          "What did Jada find right after she figured out that two eighths were still missing?",
        answers: [
          "Coach Ray",
          "The Ortiz twins",
          "Mrs. Bell's notebook",
          "Crumbs and a blue paw print",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "“His tail thumped the floor” tells you that Biscuit's tail was",
        answers: [
          "hanging perfectly still",
          "tucked between his legs",
          "hitting the floor as it wagged",
          "covered in pie",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Who ate the last two slices of pie?",
        answers: ["Mrs. Bell", "Biscuit the beagle", "Coach Ray", "Jada"],
        correct: 1,
      },
      {
        day: 3,
        question: "Which clue best shows that Biscuit ate the pie?",
        answers: [
          "He was curled up by the wall",
          "He was a beagle",
          "He had a bright purple nose",
          "He was near the gym",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "How did Biscuit most likely get into the school?",
        answers: [
          "Through the propped-open door",
          "Through the lunchroom window",
          "Mrs. Bell carried him in",
          "The Ortiz twins brought him in",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What is the author's main purpose?",
        answers: [
          "To persuade people not to own dogs",
          "To explain how to bake a pie",
          "To describe a real bake sale",
          "To entertain readers with a mystery that shows how fractions can solve problems",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Explain how Jada used fractions to solve the mystery of the missing pie. Use at least two numbers or clues from the song to support your answer.",
  },
  {
    slug: "g5-sixty-six-days-to-a-new-shore",
    title: "Sixty-Six Days to a New Shore",
    planId: 11,
    lexile: 880,
    wordsPerMinute: 125,
    storyGenre: "Historical Fiction",
    subject: "History",
    musicGenre: "Folk",
    lyrics:
      "In September, sixteen-twenty, we left Plymouth's rocky shore,\n" +
      "A hundred and two passengers, with sailors by the score,\n" +
      "I was ten years old and carried just a blanket and a spoon\n" +
      "Down below the deck, where lantern light was dimmer than the moon.\n" +
      "\n" +
      "We ate hard biscuits, salted beef, and peas gone dry and old,\n" +
      "Our clothes were damp with ocean spray, our fingers always cold.\n" +
      "\n" +
      "Roll on, Mayflower, through the spray and foam,\n" +
      "Every wave is taking us farther from home,\n" +
      "Hold on tight when the wild winds blow,\n" +
      "There's a new land waiting that we don't yet know.\n" +
      "\n" +
      "Then the storms came howling, and the waves rose up like walls,\n" +
      "A great beam cracked above our heads; we heard the sailors' calls,\n" +
      "But we'd packed a giant iron screw that cranked the beam in place,\n" +
      "And Father whispered, “We'll be fine,” though worry crossed his face.\n" +
      "\n" +
      "One day a young man, John Howland, was tossed into the sea,\n" +
      "He grabbed a trailing rope and held as tight as tight could be,\n" +
      "The sailors hauled him in with a boat hook, soaked and pale,\n" +
      "And I learned that hope can hold you like a rope inside a gale.\n" +
      "\n" +
      "After sixty-six long days, in November, someone cried, “Land ho!”\n" +
      "We crowded up to see Cape Cod, its sandy hills aglow,\n" +
      "Before we stepped ashore, the men signed a promise, side by side,\n" +
      "The Mayflower Compact: to make fair laws, and by those laws abide.\n" +
      "\n" +
      "Roll on, Mayflower, through the spray and foam,\n" +
      "Every wave is taking us farther from home,\n" +
      "Hold on tight when the wild winds blow,\n" +
      "There's a new land waiting that we don't yet know.",
    questions: [
      {
        day: 1,
        question: "When did the Mayflower leave Plymouth, England?",
        answers: ["September 1620", "November 1620", "September 1492", "July 1776"],
        correct: 0,
      },
      {
        day: 1,
        question: "How was the cracked beam fixed?",
        answers: [
          "With ropes and sails",
          "With a giant iron screw",
          "With nails from the narrator's father",
          "They could not fix it",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "What did John Howland grab when he was tossed into the sea?",
        answers: ["A wooden barrel", "A sailor's hand", "A trailing rope", "A floating plank"],
        correct: 2,
      },
      {
        day: 1,
        question: "How long was the voyage, according to the song?",
        answers: ["Ten days", "Thirty days", "One year", "Sixty-six days"],
        correct: 3,
      },
      {
        day: 2,
        question: "“The waves rose up like walls.” What does this comparison show?",
        answers: [
          "The waves were made of stone",
          "The waves were very tall and powerful",
          "The ship sailed past a castle",
          "The sea was calm and flat",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Based on the song, what is the Mayflower Compact?",
        answers: [
          "A map of Cape Cod",
          "A small box for storing food",
          "A written promise to make fair laws and follow them",
          "A letter to the king of England",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Which event happened right before the passengers stepped ashore?",
        answers: [
          "The great beam cracked",
          "John Howland fell into the sea",
          "The ship left Plymouth",
          "The men signed the Mayflower Compact",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "“Hope can hold you like a rope inside a gale.” What is a “gale”?",
        answers: ["A very strong wind", "A kind of small boat", "A pile of rope", "A quiet harbor"],
        correct: 0,
      },
      {
        day: 3,
        question: "From whose point of view is the song told?",
        answers: [
          "The ship's captain",
          "John Howland",
          "A ten-year-old passenger",
          "A sailor in the crew",
        ],
        correct: 2,
      },
      {
        day: 3,
        question:
          "Why did the narrator's father say “We'll be fine” even though he looked worried?",
        answers: [
          "He wanted to comfort his child during the storm",
          "He knew the storm was already over",
          "He was the captain of the ship",
          "He did not care about the storm",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What does the narrator learn from John Howland's rescue?",
        answers: [
          "Ropes are too dangerous to touch",
          "Holding on to hope can help you get through hard times",
          "Swimming in the ocean is easy",
          "Sailors should always stay below deck",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What is the author's main purpose?",
        answers: [
          "To persuade readers to become sailors",
          "To list the name of every passenger",
          "To explain how to build a wooden ship",
          "To help readers imagine what the voyage was like for a child",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "What were the hardest parts of the Mayflower voyage for the narrator? Describe at least two challenges and explain how the people on board faced them, using details from the song.",
  },
  {
    slug: "g5-window-seat-to-the-pacific",
    title: "Window Seat to the Pacific",
    planId: 11,
    lexile: 840,
    wordsPerMinute: 135,
    storyGenre: "Realistic Fiction",
    subject: "Geography",
    musicGenre: "Blues",
    lyrics:
      "Grandma packed a paper map and a thermos full of tea,\n" +
      "“Why fly above the country when there's so much here to see?”\n" +
      "We boarded in Chicago as the station whistle blew,\n" +
      "More than two thousand miles of track, and a window seat for two.\n" +
      "\n" +
      trainChorus +
      "\n" +
      "We rumbled over the Mississippi, muddy, wide, and brown,\n" +
      "The bridge hummed underneath us as we left another town,\n" +
      "Then Iowa and Nebraska, corn and prairie, flat and wide,\n" +
      "Where the sky looked like a giant bowl turned upside down outside.\n" +
      "\n" +
      "That night I slept in a bunk that rocked me like a boat,\n" +
      "At sunrise we reached Denver, and I buttoned up my coat,\n" +
      "The train climbed up the Rockies, curving slow through snowy pines,\n" +
      "And one tunnel ran six miles long beneath the mountain's spine.\n" +
      "\n" +
      "We followed the Colorado River through the canyons, red and deep,\n" +
      "Then crossed the Utah desert, where the cliffs stand tall and steep,\n" +
      "Grandma traced our route in pen, a blue line on her map,\n" +
      "“I rode this train at your age,” she said, the map across her lap.\n" +
      "\n" +
      "“The mountains haven't changed a bit, the rivers still run free,\n" +
      "But every time you look again, there's something new to see.”\n" +
      "\n" +
      trainChorus +
      "\n" +
      "At last we rolled down to the Pacific with the bay all blue below,\n" +
      "I said, “Let's ride again someday!” Grandma laughed, “I hoped you'd say so.”",
    questions: [
      {
        day: 1,
        question: "In which city did the train trip begin?",
        answers: ["Denver", "Chicago", "San Francisco", "Omaha"],
        correct: 1,
      },
      {
        day: 1,
        question: "What did Grandma pack for the trip?",
        answers: [
          "A paper map and a thermos of tea",
          "A camera and a bag of snacks",
          "A suitcase full of books",
          "A pillow and a blanket",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "Which river did the train cross first?",
        answers: [
          "The Colorado River",
          "The Hudson River",
          "The Ohio River",
          "The Mississippi River",
        ],
        correct: 3,
      },
      {
        day: 1,
        question: "How long was the tunnel beneath the mountain?",
        answers: ["Two miles", "Half a mile", "Six miles", "Sixty miles"],
        correct: 2,
      },
      {
        day: 2,
        question:
          "“The sky looked like a giant bowl turned upside down.” What does this comparison suggest?",
        answers: [
          "The sky was dark and stormy",
          "The sky looked huge and curved over the flat land",
          "The sky was full of dishes",
          "The sky looked very small",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "What does “rumbled” mean in “We rumbled over the Mississippi”?",
        answers: [
          "Moved with a deep, rolling sound",
          "Stopped suddenly",
          "Floated quietly",
          "Sank slowly",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What happened right after the train reached Denver?",
        answers: [
          "It crossed the Mississippi River",
          "It rolled down to the Pacific",
          "It crossed the Utah desert",
          "It climbed up the Rocky Mountains",
        ],
        correct: 3,
      },
      {
        day: 2,
        question:
          "The narrator slept in “a bunk that rocked me like a boat.” What does this comparison describe?",
        answers: [
          "A boat ride on the river",
          "A storm that shook the train",
          "The gentle swaying of the moving train",
          "The narrator's fear of water",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why did Grandma choose to take the train instead of flying?",
        answers: [
          "Flying costs too much",
          "She was afraid of airplanes",
          "She wanted to see the land up close",
          "The airport was closed",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What can the reader infer about Grandma?",
        answers: [
          "She has taken this trip before and still enjoys it",
          "She has never been on a train",
          "She dislikes mountains",
          "She lives in Denver",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What is the theme of the song?",
        answers: [
          "Trains are faster than airplanes",
          "Traveling slowly lets you notice and appreciate the world around you",
          "Deserts are more beautiful than mountains",
          "Paper maps are no longer useful",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "How does the narrator most likely feel at the end of the trip?",
        answers: [
          "Glad the long, boring ride is over",
          "Worried about getting home",
          "Upset with Grandma",
          "Eager to take the trip again",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "How did the land change as the train traveled west? Describe at least three places from the song and explain what the narrator learned from the trip, using details from the lyrics.",
  },
  {
    slug: "g5-the-clock-that-benjamin-built",
    title: "The Clock That Benjamin Built",
    planId: 11,
    lexile: 960,
    wordsPerMinute: 122,
    storyGenre: "Biography",
    subject: "Math",
    musicGenre: "Gospel",
    lyrics:
      "In seventeen thirty-one, on a Maryland farm, he was born,\n" +
      "Benjamin Banneker, free, in the fields of tobacco and corn,\n" +
      "His grandmother taught him to read, and his mind never tired,\n" +
      "Every puzzle he solved left him curious, hungry, inspired.\n" +
      "\n" +
      "Count it up, Benjamin! (Count it up!)\n" +
      "Measure the stars in the sky!\n" +
      "Count it up, Benjamin! (Count it up!)\n" +
      "A curious mind can fly!\n" +
      "\n" +
      "As a young man, he borrowed a small pocket watch,\n" +
      "He opened it up and he studied each gear, wheel, and notch,\n" +
      "Then he carved his own clock out of wood, every gear cut by hand,\n" +
      "And it chimed every hour for years, just the way that he planned.\n" +
      "\n" +
      "Later, a neighbor named Ellicott loaned him some books\n" +
      "And a telescope, too, so he gave the night sky long looks,\n" +
      "He taught himself the math that the moving stars need,\n" +
      "And he worked out the day of a solar eclipse, and was right, indeed.\n" +
      "\n" +
      "In seventeen ninety-one, he helped measure and survey\n" +
      "Land for the nation's new capital, working night and day,\n" +
      "Then he wrote an almanac, filled up with tides, weather, and stars,\n" +
      "For farmers and sailors and readers near and far.\n" +
      "\n" +
      "He wrote a brave letter to Jefferson, sent his almanac, too,\n" +
      "He said slavery was wrong, and his work showed what Black minds could do,\n" +
      "He stood up with numbers, and stood up with words that were true,\n" +
      "And he asked the new nation for freedom for all, not a few.\n" +
      "\n" +
      "Count it up, Benjamin! (Count it up!)\n" +
      "Measure the stars in the sky!\n" +
      "Count it up, Benjamin! (Count it up!)\n" +
      "A curious mind can fly!",
    questions: [
      {
        day: 1,
        question: "In what year was Benjamin Banneker born?",
        answers: ["1731", "1791", "1620", "1776"],
        correct: 0,
      },
      {
        day: 1,
        question: "What did Benjamin study to learn how to build a clock?",
        answers: ["A church bell", "A borrowed pocket watch", "A book about ships", "A telescope"],
        correct: 1,
      },
      {
        day: 1,
        question: "What material did Benjamin use to make his clock?",
        answers: ["Gold", "Iron", "Wood", "Glass"],
        correct: 2,
      },
      {
        day: 1,
        question: "To whom did Benjamin send a letter and his almanac?",
        answers: [
          "George Washington",
          "His grandmother",
          "His neighbor Ellicott",
          "Thomas Jefferson",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "Based on the song, what is an “almanac”?",
        answers: [
          "A kind of wooden clock",
          "A book of facts about tides, weather, and stars",
          "A letter to a leader",
          "A tool for measuring land",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "What does “survey” mean in “he helped measure and survey the land”?",
        answers: [
          "To plant crops on",
          "To sell to others",
          "To measure and map",
          "To build houses on",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Which event happened FIRST in Benjamin's life?",
        answers: [
          "He carved a wooden clock",
          "He worked out the day of a solar eclipse",
          "He helped survey the new capital",
          "He wrote to Thomas Jefferson",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "The chorus says, “A curious mind can fly!” What does this mean?",
        answers: [
          "People can fly if they study hard",
          "Birds are very curious animals",
          "Benjamin wanted to build an airplane",
          "Curiosity can carry a person to great achievements",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the main idea of the song?",
        answers: [
          "Benjamin Banneker grew tobacco and corn",
          "Clocks were hard to find in the 1700s",
          "Benjamin Banneker used curiosity and math to do great things and to speak up for justice",
          "Telescopes help people see the stars",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why did Benjamin most likely send his almanac along with his letter?",
        answers: [
          "To sell a copy to Jefferson",
          "To give proof of what he could do and support his argument",
          "To ask for a job on a farm",
          "To complain about the weather",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What can you infer about Benjamin from the way he built his clock?",
        answers: [
          "He was patient and could figure things out on his own",
          "He wanted to become rich",
          "He did not like pocket watches",
          "He needed lots of help from others",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What is the author's main purpose?",
        answers: [
          "To explain step by step how to build a clock",
          "To persuade readers to become farmers",
          "To describe the planets",
          "To tell about the life and achievements of Benjamin Banneker",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Benjamin Banneker had very little schooling, yet he achieved a great deal. Describe two of his achievements from the song and explain what they show about the kind of person he was.",
  },
  {
    slug: "g5-greenhouse-kid-on-mars",
    title: "Greenhouse Kid on Mars",
    planId: 11,
    lexile: 900,
    wordsPerMinute: 140,
    storyGenre: "Science Fiction",
    subject: "Science",
    musicGenre: "Hip Hop",
    lyrics:
      "My name is Zara, I'm eleven, and my home is on Mars,\n" +
      "In a glass dome under two moons and the stars,\n" +
      "A day here's called a sol, about forty minutes longer,\n" +
      "The gravity's so light, each jump makes me feel stronger,\n" +
      "The air is thin and mostly carbon dioxide, so outside\n" +
      "I wear a helmet and a suit with oxygen supplied.\n" +
      "\n" +
      "Dig in, dig deep in the dusty red ground,\n" +
      "Grow green where no green has ever been found,\n" +
      "Seed by seed and sol by sol,\n" +
      "We're building a home, and that's our goal!\n" +
      "\n" +
      "The ground is red from rusty iron, dusty, dry, and fine,\n" +
      "So we grow our food in water trays, in neat and tidy lines,\n" +
      "Lettuce, beans, potatoes, and my pride, a tomato vine,\n" +
      "I tell it every morning, “Keep on growing. You'll be fine.”\n" +
      "\n" +
      "Then a dust storm rolled across the plain and swallowed up the sun,\n" +
      "It coated all our solar panels, every single one,\n" +
      "The power started dropping and the greenhouse lights grew dim,\n" +
      "My tomato vine was drooping, and the future looked grim.\n" +
      "\n" +
      "Dad switched to backup batteries; we turned off every screen,\n" +
      "We saved power for the greenhouse lights to keep the seedlings green,\n" +
      "When the storm blew out, I suited up to go\n" +
      "And brushed the panels clean until they caught the sunlight's glow.\n" +
      "\n" +
      "That evening the sunset turned blue, as Mars sunsets do,\n" +
      "And a yellow tomato flower had opened, shiny and new.\n" +
      "\n" +
      "Dig in, dig deep in the dusty red ground,\n" +
      "Grow green where no green has ever been found,\n" +
      "Seed by seed and sol by sol,\n" +
      "We're building a home, and that's our goal!",
    questions: [
      {
        day: 1,
        question: "What is a day on Mars called in the song?",
        answers: ["A lunar", "A sol", "A shift", "An orbit"],
        correct: 1,
      },
      {
        day: 1,
        question: "Why does Zara wear a helmet and suit outside?",
        answers: [
          "The air is thin and mostly carbon dioxide",
          "Acid rain falls every day",
          "The ground is too hot to touch",
          "Dangerous animals live outside",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What covered the solar panels?",
        answers: ["Snow", "Ice", "Leaves", "Dust from a storm"],
        correct: 3,
      },
      {
        day: 1,
        question: "What color was the sunset at the end of the song?",
        answers: ["Red", "Orange", "Blue", "Purple"],
        correct: 2,
      },
      {
        day: 2,
        question: "“Seed by seed and sol by sol” means the people on Mars are",
        answers: [
          "planting only one seed each year",
          "building their home a little at a time, day by day",
          "counting their seeds every night",
          "traveling from planet to planet",
        ],
        correct: 1,
      },
      {
        day: 2,
        question:
          "“A dust storm rolled across the plain and swallowed up the sun.” What does this mean?",
        answers: [
          "The sun disappeared forever",
          "The storm was hungry",
          "The sun fell onto Mars",
          "The storm blocked out the sunlight",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "What does “backup” mean in “Dad switched to backup batteries”?",
        answers: [
          "Extra batteries kept ready in case the main power fails",
          "Batteries that are broken",
          "Batteries that are stored on Earth",
          "Batteries hidden behind the dome",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What did Zara do right after the storm blew out?",
        answers: [
          "She recorded a message for Earth",
          "She turned off every screen",
          "She suited up and brushed the panels clean",
          "She planted new potatoes",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "How does Zara most likely feel about her tomato vine?",
        answers: [
          "She does not care about it",
          "She is proud of it and wants it to survive",
          "She is afraid of it",
          "She wants to give it away",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why did the family save power for the greenhouse lights?",
        answers: [
          "The greenhouse was the prettiest room",
          "Zara wanted to play games there",
          "The plants needed light to survive, and they grow the family's food",
          "The lights kept the dust storm away",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Which detail shows that this song is science fiction?",
        answers: [
          "A girl takes care of plants",
          "A father helps his daughter",
          "A tomato plant grows a flower",
          "A family lives in a dome on Mars",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the theme of the song?",
        answers: [
          "With teamwork and persistence, people can make a home even in hard places",
          "Mars is too dangerous for anyone to live on",
          "Plants do not need light to grow",
          "Dust storms are fun to watch",
        ],
        correct: 0,
      },
    ],
    extensionPrompt:
      "How did Zara and her dad save the greenhouse during the dust storm? Explain what they did and why it mattered, using at least two details from the song about life on Mars.",
  },
  {
    slug: "g5-what-the-river-remembers",
    title: "What the River Remembers",
    planId: 11,
    lexile: 820,
    wordsPerMinute: 128,
    storyGenre: "Poetry",
    subject: "Geography",
    musicGenre: "Country",
    lyrics:
      "I was born as melting snow on a mountain high and cold,\n" +
      "A trickle over granite where the morning light turned gold,\n" +
      "Other streams came running down to join me on my way,\n" +
      "Tributaries, small and quick, that made me stronger every day.\n" +
      "\n" +
      "I remember, I remember\n" +
      "Every stone I've ever known,\n" +
      "I carry pieces of the mountain\n" +
      "On my long road home.\n" +
      "\n" +
      "For a million years I've scraped the rock with pebbles, sand, and stone,\n" +
      "I carved a canyon deep and wide, grain by grain, on my own,\n" +
      "What looks like magic is just patience, drop by drop by drop,\n" +
      "A little every day adds up when you never, ever stop.\n" +
      "\n" +
      "Down on the plains, I slow my pace and wander side to side,\n" +
      "I meander in lazy loops, all silty, brown, and wide,\n" +
      "When spring floods spill across my banks, I leave rich soil behind,\n" +
      "And farmers thank me for the fields of dark, deep earth they find.\n" +
      "\n" +
      "At last I reach the salty sea and drop my load of sand,\n" +
      "It piles up in a muddy fan, a delta of new land,\n" +
      "The mountain that I carried grain by grain is now the shore,\n" +
      "I gave the sea a gift of ground that wasn't there before.\n" +
      "\n" +
      "Then the warm sun lifts me, and I rise as vapor, light as air,\n" +
      "I cool into a cloud and drift along without a care,\n" +
      "The wind carries me back to the peaks, so high and cold,\n" +
      "And I fall again as snowflakes, a story new and old.\n" +
      "\n" +
      "I remember, I remember\n" +
      "Every stone I've ever known,\n" +
      "I'm a circle, not a line,\n" +
      "And I'm always going home.",
    questions: [
      {
        day: 1,
        question: "How did the river begin its journey?",
        answers: [
          "As rain falling on a city",
          "As melting snow on a mountain",
          "As water flowing from the sea",
          "As a spring in the desert",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "What did the river carve over a million years?",
        answers: ["A canyon", "A tunnel", "A lake", "An island"],
        correct: 0,
      },
      {
        day: 1,
        question: "What does the river build when it drops its sand at the sea?",
        answers: ["A mountain", "A dam", "A canyon", "A delta"],
        correct: 3,
      },
      {
        day: 1,
        question: "What do farmers find after the spring floods?",
        answers: ["Gold", "Fish", "Rich, dark soil", "Broken bridges"],
        correct: 2,
      },
      {
        day: 2,
        question: "What are “tributaries” in the poem?",
        answers: [
          "Tall mountains",
          "Smaller streams that join the river",
          "Fish that swim in the river",
          "Boats on the water",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "“I meander in lazy loops.” What does “meander” mean?",
        answers: [
          "Flow in a winding, curving path",
          "Freeze solid",
          "Rush straight ahead",
          "Dry up completely",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What happens right after the warm sun lifts the river?",
        answers: [
          "It falls as snowflakes",
          "It carves a canyon",
          "It rises as vapor and cools into a cloud",
          "It builds a delta",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "The river says, “I'm a circle, not a line.” What does this mean?",
        answers: [
          "The river flows around a round lake",
          "The river is shaped like a ring",
          "The river never moves at all",
          "The river's water travels in a cycle that repeats again and again",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "Who is the speaker in the poem?",
        answers: ["A farmer", "A mountain", "The river", "A cloud"],
        correct: 2,
      },
      {
        day: 3,
        question: "What lesson about patience does the river share?",
        answers: [
          "Small efforts repeated over time can make big changes",
          "Fast work is always the best work",
          "Rocks are always stronger than water",
          "Nothing in nature ever changes",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why is the poem called “What the River Remembers”?",
        answers: [
          "The river forgets where it started",
          "The river recalls every place and stone on its journey",
          "The river is old and tired",
          "The river wants to return to the plains",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What is the author's main purpose?",
        answers: [
          "To persuade people to build dams",
          "To give directions to the sea",
          "To explain how to farm near a river",
          "To describe a river's journey and the water cycle in a poetic way",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Trace the river's journey from the mountain to the sea and back again. Describe at least three stages and explain how the river changes the land, using details from the poem.",
  },
  {
    slug: "g5-lights-out-brain-on",
    title: "Lights Out, Brain On",
    planId: 11,
    lexile: 940,
    wordsPerMinute: 132,
    storyGenre: "Persuasive",
    subject: "Health",
    musicGenre: "Pop",
    lyrics:
      "“Just one more episode,” you say, “one more level, one more scroll,”\n" +
      "But your eyelids feel like sandbags, and the yawns are taking their toll,\n" +
      "The clock is blinking way past ten, and school starts bright at eight,\n" +
      "So let me give you three good reasons not to stay up late.\n" +
      "\n" +
      "Lights out, brain on,\n" +
      "Your mind keeps working until dawn,\n" +
      "Nine to twelve hours every night,\n" +
      "Power down, and you'll wake up bright!\n" +
      "\n" +
      "Reason one: While you are sleeping, your brain is hard at work,\n" +
      "It files away the day's new facts just like a tidy office clerk,\n" +
      "The spelling words, the times tables, the song you learned in band,\n" +
      "Get sorted, saved, and stored away, so they're ready close at hand.\n" +
      "\n" +
      "Reason two: Your body uses sleep to grow and heal and mend,\n" +
      "Your muscles fix the tiny tears from soccer with your friends.\n" +
      "\n" +
      "Reason three: When you skip sleep, your mind gets slow and foggy,\n" +
      "You snap at friends, forget your homework, and your brain feels soggy.\n" +
      "\n" +
      "Now you might say, “I'll catch up on the weekend. I'll be fine.”\n" +
      "But your body loves a rhythm, like a clock that keeps good time,\n" +
      "And the bright glow of a screen can trick your brain to think it's day,\n" +
      "So shut it off an hour before bed and put it far away.\n" +
      "\n" +
      "So pick a bedtime, keep it steady, make your room dark and cool,\n" +
      "You'll be sharper, stronger, kinder when you walk into school.\n" +
      "\n" +
      "Lights out, brain on,\n" +
      "Your mind keeps working until dawn,\n" +
      "Nine to twelve hours every night,\n" +
      "Power down, and you'll wake up bright!",
    questions: [
      {
        day: 1,
        question: "How many hours of sleep does the chorus say kids need each night?",
        answers: ["Five to six", "Six to eight", "Nine to twelve", "Thirteen to fifteen"],
        correct: 2,
      },
      {
        day: 1,
        question: "According to reason one, what does your brain do while you sleep?",
        answers: [
          "It files away the new facts you learned",
          "It shuts off completely",
          "It forgets everything from the day",
          "It plays video games",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What does the song say your muscles do while you sleep?",
        answers: [
          "They get weaker",
          "They stop growing",
          "They get stiff and sore",
          "They fix tiny tears from exercise",
        ],
        correct: 3,
      },
      {
        day: 1,
        question: "How long before bed does the song say to turn off screens?",
        answers: ["Five minutes", "An hour", "Three hours", "Right when you get into bed"],
        correct: 1,
      },
      {
        day: 2,
        question: "“Your eyelids feel like sandbags.” What does this comparison mean?",
        answers: [
          "Your eyes are full of sand",
          "Your eyelids feel heavy because you are tired",
          "You spent the day at the beach",
          "Your eyes are itchy",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "What does “foggy” mean in “your mind gets slow and foggy”?",
        answers: [
          "Unclear and hard to think with",
          "Wet and cold",
          "Bright and sharp",
          "Loud and noisy",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "Why does the song compare the sleeping brain to “a tidy office clerk”?",
        answers: [
          "Because the brain works in an office",
          "Because the brain wears a uniform",
          "Because the brain sorts and stores information",
          "Because the brain answers phones",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "What does the songwriter do right after giving the three reasons?",
        answers: [
          "Tells how many hours kids should sleep",
          "Asks you to play one more level",
          "Describes a funny dream",
          "Answers an argument someone might make against the message",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the author's main purpose?",
        answers: [
          "To persuade kids to get enough sleep",
          "To explain how to play video games",
          "To tell a story about a sleepy dog",
          "To describe a normal school day",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why does the songwriter include the words “I'll catch up on the weekend”?",
        answers: [
          "To agree that weekends are the best time to sleep",
          "To show an argument some people make and then explain why it is wrong",
          "To tell readers to sleep only on weekends",
          "To describe the songwriter's weekend plans",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Which statement best expresses the main idea?",
        answers: [
          "Screens should never be used",
          "School should start later in the day",
          "Getting enough sleep helps your brain, body, and mood",
          "Weekends are for sleeping late",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Who is the songwriter mainly speaking to?",
        answers: ["A teacher", "A doctor", "A parent", "A kid who wants to stay up late"],
        correct: 3,
      },
    ],
    extensionPrompt:
      "Has this song convinced you to change your bedtime habits? Explain your opinion using at least two of the song's reasons and one of its tips.",
  },
];
