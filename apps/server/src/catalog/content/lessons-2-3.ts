import type { LessonContent } from "./types.ts";

export const lessons23: LessonContent[] = [
  // ───────────────────────────── Second Grade (planId 8) ─────────────────────────────
  {
    slug: "g2-drip-drop-journey",
    title: "Drip Drop Journey",
    planId: 8,
    lexile: 500,
    wordsPerMinute: 92,
    storyGenre: "Informational",
    subject: "Science",
    musicGenre: "Reggae",
    lyrics:
      "I'm a little drop of water in the big blue sea,\n" +
      "The warm sun shines and calls to me.\n" +
      "I rise up light as a puff of steam,\n" +
      "That's evaporation, floating like a dream.\n" +
      "\n" +
      "Drip drop, round we go,\n" +
      "Up to the sky and down below.\n" +
      "Sun and cloud and rain and sea,\n" +
      "The water cycle carries me!\n" +
      "\n" +
      "High in the air where the cold winds blow,\n" +
      "I cool right down and start to slow.\n" +
      "I join my friends in a cloud so gray,\n" +
      "That's condensation, the scientists say.\n" +
      "\n" +
      "The cloud gets heavy, it can't hold on,\n" +
      "Down we tumble, the sun is gone.\n" +
      "Pitter patter on the roof and ground,\n" +
      "Precipitation is the rainy sound.\n" +
      "\n" +
      "I roll down a hill to a river wide,\n" +
      "It takes me home on a long ride.\n" +
      "\n" +
      "Drip drop, round we go,\n" +
      "Up to the sky and down below.\n" +
      "Sun and cloud and rain and sea,\n" +
      "The water cycle carries me!",
    questions: [
      {
        day: 1,
        question: "Where does the water drop start its journey?",
        answers: [
          "In a mountain lake",
          "In the big blue sea",
          "In a kitchen sink",
          "In a puddle at school",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "What makes the drop rise up into the air?",
        answers: ["A strong wind", "A big fish", "The warm sun", "A rainbow"],
        correct: 2,
      },
      {
        day: 1,
        question: "What does the drop make with its friends high in the air?",
        answers: ["A cloud", "A river", "A snowman", "A wave"],
        correct: 0,
      },
      {
        day: 1,
        question: "What does the drop roll down after it falls as rain?",
        answers: ["A slide", "A window", "A tree trunk", "A hill"],
        correct: 3,
      },
      {
        day: 2,
        question: "In the song, what does the word “evaporation” mean?",
        answers: [
          "Water freezing into ice",
          "Water falling down as rain",
          "Water soaking into the ground",
          "Water rising up into the air like steam",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "The song says the cloud “can't hold on.” What does that mean?",
        answers: [
          "The cloud is too heavy to keep the drops, so they fall",
          "The cloud is scared of the wind",
          "The cloud wants to hold hands with the sun",
          "The cloud is moving too fast to stop",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What happens right after the drop cools down high in the air?",
        answers: [
          "It rolls down a hill",
          "It joins its friends in a cloud",
          "It falls on the roof",
          "It swims in the sea",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Which of these happens LAST in the drop's journey?",
        answers: [
          "The drop rises up like steam",
          "The drop joins a gray cloud",
          "The drop rides a river home",
          "The drop falls as rain",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What is the main idea of the song?",
        answers: [
          "Rain is the best kind of weather",
          "Water moves in a cycle, going up to the sky and back down again",
          "Clouds are always gray",
          "Rivers are longer than hills",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why does the chorus say “round we go”?",
        answers: [
          "Because the drop is dizzy",
          "Because raindrops are round like balls",
          "Because the sea is shaped like a circle",
          "Because the drop's journey happens again and again",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "Why did the author most likely write this song?",
        answers: [
          "To teach how water moves through the water cycle",
          "To tell readers to stay inside when it rains",
          "To describe a trip to the beach",
          "To explain how to build a boat",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What will most likely happen to the drop after the song ends?",
        answers: [
          "It will turn into a fish",
          "It will stay in the river forever",
          "The sun will warm it and it will rise up again",
          "It will become a snowflake right away",
        ],
        correct: 2,
      },
    ],
    extensionPrompt:
      "Explain what happens to the drop during evaporation, condensation and precipitation. Use words and details from the song to describe each step.",
  },
  {
    slug: "g2-hello-nia",
    title: "Hello, Nia!",
    planId: 8,
    lexile: 410,
    wordsPerMinute: 85,
    storyGenre: "Realistic Fiction",
    subject: "Friendship",
    musicGenre: "Pop",
    lyrics:
      "Nia came in on a rainy Monday,\n" +
      "New shoes, new backpack, from far away.\n" +
      "She stood by the door, eyes down on the floor,\n" +
      "She didn't know anyone here before.\n" +
      "\n" +
      "Hello, hello, come sit with me,\n" +
      "There's room at the table, room for three.\n" +
      "A smile is a door, a wave is a key,\n" +
      "Hello, hello, come sit with me!\n" +
      "\n" +
      "At lunch she sat at the end by the wall,\n" +
      "Eating her apple, not talking at all.\n" +
      "I remembered when the new kid was me,\n" +
      "So I grabbed my tray and walked over, see?\n" +
      "\n" +
      "At recess we played four square in the sun,\n" +
      "Nia hit it hard, and we laughed and won.\n" +
      "She showed us a clapping game from her old school,\n" +
      "Now everybody thinks that Nia is cool!\n" +
      "\n" +
      "Hello, hello, come sit with me,\n" +
      "There's room at the table, room for three.\n" +
      "A smile is a door, a wave is a key,\n" +
      "Hello, hello, come sit with me!",
    questions: [
      {
        day: 1,
        question: "On what day did Nia come to class?",
        answers: ["A sunny Friday", "A snowy Tuesday", "A rainy Monday", "A windy Saturday"],
        correct: 2,
      },
      {
        day: 1,
        question: "Where did Nia sit at lunch?",
        answers: [
          "At the end of the table by the wall",
          "Next to the teacher",
          "Outside on a bench",
          "In the middle of the table",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What was Nia eating at lunch?",
        answers: ["A sandwich", "An apple", "A cookie", "Some soup"],
        correct: 1,
      },
      {
        day: 1,
        question: "What did Nia show the other kids?",
        answers: [
          "A drawing of her old house",
          "A new pair of shoes",
          "A card trick",
          "A clapping game from her old school",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "Nia stood with her “eyes down on the floor.” This tells us she felt —",
        answers: ["Shy and unsure", "Angry and loud", "Sleepy and bored", "Silly and playful"],
        correct: 0,
      },
      {
        day: 2,
        question: "In the chorus, “There's room at the table” means —",
        answers: [
          "The table is broken",
          "The lunchroom is too small",
          "There is space for Nia to join",
          "The table needs to be cleaned",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "What did the singer do right after remembering being the new kid?",
        answers: [
          "Went outside to play four square",
          "Grabbed a tray and walked over to Nia",
          "Told the teacher about Nia",
          "Ate an apple alone",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Which of these happened FIRST in the song?",
        answers: [
          "Nia hit the ball hard in four square",
          "Nia showed a clapping game",
          "Nia sat by the wall at lunch",
          "Nia stood by the door of the classroom",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "Why did the singer walk over to Nia at lunch?",
        answers: [
          "The singer wanted Nia's apple",
          "The singer remembered how it felt to be new",
          "The teacher told the singer to move",
          "The singer's seat was wet from the rain",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What does “A smile is a door, a wave is a key” mean?",
        answers: [
          "Small, friendly actions can help someone make friends",
          "You need a key to get into school",
          "Doors should always be left open",
          "Waving is a game you play at recess",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "How did things change for Nia from the beginning to the end of the song?",
        answers: [
          "She was happy at first, then sad",
          "She moved away again",
          "She was alone at first, then part of the group",
          "She stopped liking recess",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What is the lesson of this song?",
        answers: [
          "Always bring an apple for lunch",
          "Four square is the best recess game",
          "New shoes help you make friends",
          "Being kind to someone new helps them feel welcome",
        ],
        correct: 3,
      },
    ],
    extensionPrompt:
      "How did the singer help Nia feel welcome at her new school? Use two details from the song, then tell one way you could help a new student.",
  },
  {
    slug: "g2-pennies-in-the-jar",
    title: "Pennies in the Jar",
    planId: 8,
    lexile: 460,
    wordsPerMinute: 88,
    storyGenre: "Realistic Fiction",
    subject: "Math",
    musicGenre: "Country",
    lyrics:
      "Rosa saw a kite in a window downtown,\n" +
      "Red wings and a tail hanging down.\n" +
      "The tag said five dollars, but she had just one,\n" +
      "So she found an old jar. Now the saving's begun!\n" +
      "\n" +
      "Clink, clink, pennies in the jar,\n" +
      "Little by little, you can go far.\n" +
      "A nickel, a dime, a quarter, a cent,\n" +
      "Count every coin before it's spent!\n" +
      "\n" +
      "She raked Grandpa's leaves for a quarter or two,\n" +
      "She walked Mr. Lee's dog when he had the flu.\n" +
      "She skipped the candy at the corner store,\n" +
      "Her dimes went in the jar once more.\n" +
      "\n" +
      "Six weeks later she poured it on her bed,\n" +
      "She stacked it all up. “That's five!” she said.\n" +
      "Now her red kite flies over Miller Hill,\n" +
      "And a new jar waits on her windowsill.\n" +
      "\n" +
      "Clink, clink, pennies in the jar,\n" +
      "Little by little, you can go far.\n" +
      "A nickel, a dime, a quarter, a cent,\n" +
      "Count every coin before it's spent!",
    questions: [
      {
        day: 1,
        question: "What did Rosa want to buy?",
        answers: ["A red bike", "A red kite", "A bag of candy", "A toy dog"],
        correct: 1,
      },
      {
        day: 1,
        question: "How much money did Rosa have when she started?",
        answers: ["One dollar", "Five dollars", "Two quarters", "Six dimes"],
        correct: 0,
      },
      {
        day: 1,
        question: "Whose leaves did Rosa rake?",
        answers: ["Mr. Lee's", "Her teacher's", "Her mom's", "Grandpa's"],
        correct: 3,
      },
      {
        day: 1,
        question: "Where does Rosa fly her kite?",
        answers: ["At the beach", "In her backyard", "Over Miller Hill", "At the corner store"],
        correct: 2,
      },
      {
        day: 2,
        question: "“She skipped the candy at the corner store.” What does “skipped” mean here?",
        answers: [
          "She hopped on one foot",
          "She chose not to buy it",
          "She ate it very fast",
          "She gave it to a friend",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "In the chorus, what does “little by little” mean?",
        answers: ["All at once", "Only on weekends", "Very loudly", "A small amount at a time"],
        correct: 3,
      },
      {
        day: 2,
        question: "What did Rosa do right after she saw the kite's price tag?",
        answers: [
          "She found an old jar and started saving",
          "She flew the kite over Miller Hill",
          "She asked the store to lower the price",
          "She poured her coins on the bed",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What did Rosa do right before she said “That's five!”?",
        answers: [
          "She walked Mr. Lee's dog",
          "She bought some candy",
          "She stacked up her coins",
          "She put a new jar on the windowsill",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why did Rosa skip the candy at the corner store?",
        answers: [
          "The store was closed",
          "She did not like candy",
          "Grandpa told her not to eat sweets",
          "She wanted to save her money for the kite",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "How much more money did Rosa need when she first saw the kite?",
        answers: ["One dollar", "Four dollars", "Five dollars", "Six dollars"],
        correct: 1,
      },
      {
        day: 3,
        question: "Why does Rosa have a new jar at the end of the song?",
        answers: [
          "She learned that saving works, so she is saving again",
          "Her old jar was too heavy to carry",
          "She wants to give the jar to Mr. Lee",
          "She needs a place to keep her kite string",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What is the main idea of the song?",
        answers: [
          "Kites are fun to fly on windy days",
          "Dogs need to be walked every day",
          "Saving a little at a time can help you reach a goal",
          "Candy is bad for your teeth",
        ],
        correct: 2,
      },
    ],
    extensionPrompt:
      "Name two ways Rosa earned or saved money in the song. Then tell about something you would like to save up for and how you would do it.",
  },
  {
    slug: "g2-benny-beavers-big-dam",
    title: "Benny Beaver's Big Dam",
    planId: 8,
    lexile: 530,
    wordsPerMinute: 96,
    storyGenre: "Fable",
    subject: "Community",
    musicGenre: "Bluegrass",
    lyrics:
      "Benny the Beaver chewed and stacked,\n" +
      "Sticks in front and mud in back.\n" +
      "He built a dam so wide and tall,\n" +
      "And kept the water, kept it all!\n" +
      "\n" +
      "Let it flow, let it flow,\n" +
      "Down the creek where the cattails grow.\n" +
      "What comes to you, pass it on, you know,\n" +
      "Let it flow, let it flow!\n" +
      "\n" +
      "Downstream, frogs had nowhere to swim,\n" +
      "The ducks were thirsty, the deer looked thin.\n" +
      "“Please, Benny, share!” little Frog cried out,\n" +
      "But Benny said, “It's mine, no doubt!”\n" +
      "\n" +
      "The pond got deeper, up, up, up,\n" +
      "It filled his lodge like a too-full cup.\n" +
      "His bed got soggy, snacks floated by,\n" +
      "Benny sat and heaved a sigh.\n" +
      "\n" +
      "He pulled three sticks, and the water ran free\n" +
      "To the frogs and the ducks and the deer.\n" +
      "\n" +
      "Let it flow, let it flow,\n" +
      "Down the creek where the cattails grow.\n" +
      "What comes to you, pass it on, you know,\n" +
      "Let it flow, let it flow!",
    questions: [
      {
        day: 1,
        question: "What kind of animal is Benny?",
        answers: ["A duck", "A frog", "A beaver", "A deer"],
        correct: 2,
      },
      {
        day: 1,
        question: "Who asked Benny to share the water?",
        answers: ["Little Frog", "A thirsty duck", "The deer", "Benny's mother"],
        correct: 0,
      },
      {
        day: 1,
        question: "What filled up with water like a too-full cup?",
        answers: ["The frogs' pond", "The duck's nest", "The creek bed", "Benny's lodge"],
        correct: 3,
      },
      {
        day: 1,
        question: "How many sticks did Benny pull out of his dam?",
        answers: ["One", "Three", "Five", "Ten"],
        correct: 1,
      },
      {
        day: 2,
        question: "“Benny sat and heaved a sigh.” What does “heaved a sigh” mean?",
        answers: [
          "He threw a heavy stick",
          "He laughed very loudly",
          "He let out a long, tired breath",
          "He fell fast asleep",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "The song says the deer “looked thin.” Why did the deer look thin?",
        answers: [
          "They were not getting the water they needed",
          "They were running too much",
          "They were very young",
          "They were hiding from Benny",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What happened right after Benny said, “It's mine, no doubt!”?",
        answers: [
          "The frogs went for a swim",
          "Benny pulled out three sticks",
          "The ducks built a new dam",
          "The pond got deeper and deeper",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "Which of these happened FIRST?",
        answers: [
          "Benny's bed got soggy",
          "Benny built a tall, wide dam",
          "The water ran free to the frogs",
          "Frog cried out, “Please, Benny, share!”",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Which word best describes Benny at the beginning of the song?",
        answers: ["Selfish", "Lazy", "Scared", "Sleepy"],
        correct: 0,
      },
      {
        day: 3,
        question: "Why did Benny finally let the water flow?",
        answers: [
          "The frogs paid him with snacks",
          "A storm broke his dam",
          "Keeping all the water flooded his own home",
          "He wanted to go for a swim",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "How did the frogs, ducks and deer most likely feel at the end?",
        answers: ["Angry", "Lonely", "Worried", "Happy"],
        correct: 3,
      },
      {
        day: 3,
        question: "What lesson does this fable teach?",
        answers: [
          "Beavers are the best builders",
          "Sharing helps everyone, and keeping too much can cause trouble",
          "Always build your home near a creek",
          "Frogs should learn to swim in small ponds",
        ],
        correct: 1,
      },
    ],
    extensionPrompt:
      "What lesson did Benny learn? Use two details from the song to explain how Benny changed from the beginning to the end.",
  },
  {
    slug: "g2-case-of-the-missing-lunch",
    title: "The Case of the Missing Lunch",
    planId: 8,
    lexile: 380,
    wordsPerMinute: 82,
    storyGenre: "Mystery",
    subject: "Health",
    musicGenre: "Jazz",
    lyrics:
      "Jada popped her lunchbox open, ready for a bite,\n" +
      "But something in that green box did not look right.\n" +
      "Three cookies, some chips, and a candy bar too,\n" +
      "“This isn't my lunch! Now what do I do?”\n" +
      "\n" +
      "Snoop, snoop, follow the clue,\n" +
      "A detective looks close at what's really true.\n" +
      "Carrots and apples, a rainbow to chew,\n" +
      "Snoop, snoop, follow the clue!\n" +
      "\n" +
      "“My lunch had orange carrots and an apple so red,\n" +
      "A turkey sandwich on whole wheat bread.”\n" +
      "She looked at the handle and what did she see?\n" +
      "A name tag that said THEO, and that isn't me!\n" +
      "\n" +
      "Theo is her brother, in kindergarten class,\n" +
      "They both got green lunchboxes, shiny as glass.\n" +
      "She found him at his table, crunching away,\n" +
      "“These carrots are yummy! Can we trade every day?”\n" +
      "\n" +
      "Snoop, snoop, follow the clue,\n" +
      "A detective looks close at what's really true.\n" +
      "Carrots and apples, a rainbow to chew,\n" +
      "Snoop, snoop, follow the clue!",
    questions: [
      {
        day: 1,
        question: "What color was the lunchbox?",
        answers: ["Red", "Blue", "Yellow", "Green"],
        correct: 3,
      },
      {
        day: 1,
        question: "What did Jada find inside the lunchbox she opened?",
        answers: [
          "Carrots and an apple",
          "Cookies, chips and a candy bar",
          "A turkey sandwich",
          "Soup and crackers",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "What name was on the tag?",
        answers: ["Theo", "Jada", "Leo", "Tess"],
        correct: 0,
      },
      {
        day: 1,
        question: "What was Theo eating when Jada found him?",
        answers: ["Cookies", "Chips", "Carrots", "A candy bar"],
        correct: 2,
      },
      {
        day: 2,
        question: "In the chorus, what does “snoop” mean?",
        answers: [
          "To take a nap",
          "To look closely for clues",
          "To eat very fast",
          "To sing a song",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Theo was “crunching away.” What was he doing?",
        answers: [
          "Running away from Jada",
          "Throwing his lunch away",
          "Hiding under the table",
          "Chewing something crunchy",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "What did Jada do right after she thought about what her own lunch had in it?",
        answers: [
          "She looked at the handle and found a name tag",
          "She ate the candy bar",
          "She asked the teacher for help",
          "She traded lunches with a friend",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "Which of these happened LAST?",
        answers: [
          "Jada opened the green lunchbox",
          "Jada said, “This isn't my lunch!”",
          "Theo asked if they could trade every day",
          "Jada read the name on the tag",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "How did the two lunchboxes most likely get mixed up?",
        answers: [
          "Theo took Jada's lunch on purpose",
          "The lunchboxes looked the same",
          "Jada forgot to bring a lunch",
          "The teacher switched them",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why does the song call carrots and apples “a rainbow to chew”?",
        answers: [
          "They are colorful, healthy foods",
          "They taste like candy",
          "They come from the sky",
          "They are shaped like rainbows",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What does Theo's question at the end show?",
        answers: [
          "He wants more cookies",
          "He is angry at Jada",
          "He does not like vegetables",
          "He enjoyed eating the healthy lunch",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is this song mostly about?",
        answers: [
          "How to make a turkey sandwich",
          "Why kindergarten is fun",
          "How Jada used clues to find her missing lunch",
          "Why green is the best color",
        ],
        correct: 2,
      },
    ],
    extensionPrompt:
      "Which clues helped Jada solve the mystery? Use details from the song to explain how she figured out where her lunch went.",
  },
  {
    slug: "g2-sunny-the-sunflower-seed",
    title: "Sunny the Sunflower Seed",
    planId: 8,
    lexile: 440,
    wordsPerMinute: 98,
    storyGenre: "Fantasy",
    subject: "Nature",
    musicGenre: "Hip Hop",
    lyrics:
      "Yo, my name is Sunny, I'm a seed with stripes,\n" +
      "Tucked in the dirt where the spring rain drips.\n" +
      "I stretched out a root going down, down, down,\n" +
      "Holding on tight to the cool brown ground.\n" +
      "\n" +
      "Grow, grow, reach for the sky,\n" +
      "A little seed can grow so high!\n" +
      "Sun and water, soil and air,\n" +
      "Give me time and I'll get there!\n" +
      "\n" +
      "I pushed up a sprout with two green leaves,\n" +
      "I drank the rain and I waved in the breeze.\n" +
      "I grew past the fence, I grew past the gate,\n" +
      "Taller than Dad, now isn't that great?\n" +
      "\n" +
      "In the middle of summer I opened my face,\n" +
      "Big yellow petals all over the place.\n" +
      "The bees came buzzing, the birds came to eat,\n" +
      "And I dropped new seeds down by my feet.\n" +
      "\n" +
      "Grow, grow, reach for the sky,\n" +
      "A little seed can grow so high!\n" +
      "Sun and water, soil and air,\n" +
      "Give me time and I'll get there!",
    questions: [
      {
        day: 1,
        question: "Who is Sunny?",
        answers: ["A bee", "A sunflower seed", "A bird", "A farmer"],
        correct: 1,
      },
      {
        day: 1,
        question: "What did Sunny grow first, going down into the ground?",
        answers: ["A leaf", "A petal", "A flower", "A root"],
        correct: 3,
      },
      {
        day: 1,
        question: "What color were Sunny's petals?",
        answers: ["Yellow", "Red", "Purple", "White"],
        correct: 0,
      },
      {
        day: 1,
        question: "According to the chorus, what four things does a seed need?",
        answers: [
          "Bees, birds, fences and gates",
          "Rain, snow, wind and ice",
          "Sun, water, soil and air",
          "Seeds, leaves, petals and roots",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "What does “reach for the sky” mean in the song?",
        answers: ["Grow up tall", "Jump very high", "Catch a bird", "Look at the clouds"],
        correct: 0,
      },
      {
        day: 2,
        question: "In the song, a “sprout” is —",
        answers: [
          "A kind of bird",
          "A big yellow petal",
          "A hole in the fence",
          "A young plant just coming up from the soil",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "What did Sunny do right after growing a root?",
        answers: [
          "Opened big yellow petals",
          "Pushed up a sprout with two green leaves",
          "Dropped new seeds",
          "Grew taller than Dad",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Which of these happened LAST?",
        answers: [
          "Sunny grew past the fence",
          "Sunny stretched out a root",
          "Sunny dropped new seeds by its feet",
          "Sunny waved in the breeze",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What makes this song a fantasy?",
        answers: [
          "It tells about bees",
          "It happens in summer",
          "It has a chorus",
          "A seed talks and tells its own story",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What will most likely happen next spring?",
        answers: [
          "New sunflowers will grow from the dropped seeds",
          "The fence will fall down",
          "The bees will stop buzzing",
          "Sunny will turn back into a seed",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What does “Give me time and I'll get there” tell us about growing?",
        answers: [
          "Plants grow in one day",
          "Growing takes time and patience",
          "Plants do not need any help",
          "Sunflowers never stop growing",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Why did the author most likely write this song?",
        answers: [
          "To explain how to build a garden fence",
          "To tell why birds like to sing",
          "To teach how a sunflower grows in a fun way",
          "To show that summer is the best season",
        ],
        correct: 2,
      },
    ],
    extensionPrompt:
      "Describe how Sunny changed from a tiny seed into a tall flower. Tell at least three steps from the song in the order they happened.",
  },

  // ───────────────────────────── Third Grade (planId 9) ─────────────────────────────
  {
    slug: "g3-hannah-keeps-the-light",
    title: "Hannah Keeps the Light",
    planId: 9,
    lexile: 620,
    wordsPerMinute: 104,
    storyGenre: "Historical Fiction",
    subject: "Social Studies",
    musicGenre: "Folk",
    lyrics:
      "On a rocky point where the gray gulls cry\n" +
      "Stood a white stone tower against the sky.\n" +
      "Hannah's father kept the lamp burning bright\n" +
      "To guide the ships through the long, dark night.\n" +
      "\n" +
      "Shine, shine over the sea,\n" +
      "A light in the dark for you and for me.\n" +
      "When the wild wind howls and the tall waves roar,\n" +
      "Shine, shine, and bring them to shore.\n" +
      "\n" +
      "One autumn morning Father rowed away\n" +
      "For oil and bread from the town by the bay.\n" +
      "But the clouds rolled in as black as coal,\n" +
      "And the storm would not let his boat go.\n" +
      "\n" +
      "Hannah climbed the stairs, all ninety-nine,\n" +
      "She trimmed the wick and made the glass shine.\n" +
      "She fed the flame and she would not sleep,\n" +
      "Though the waves climbed high and the night grew deep.\n" +
      "\n" +
      "Near dawn a schooner came rocking by,\n" +
      "Its sailors saw the light up high.\n" +
      "They turned the wheel and missed the rocks,\n" +
      "And sailed home safe to the harbor docks.\n" +
      "\n" +
      "Shine, shine over the sea,\n" +
      "A light in the dark for you and for me.\n" +
      "When the wild wind howls and the tall waves roar,\n" +
      "Shine, shine, and bring them to shore.",
    questions: [
      {
        day: 1,
        question: "Why did Hannah's father row away from the lighthouse?",
        answers: [
          "To go fishing for dinner",
          "To get oil and bread from town",
          "To visit a friend on a ship",
          "To look for a lost gull",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "How many stairs did Hannah climb?",
        answers: ["Nineteen", "Fifty-nine", "One hundred", "Ninety-nine"],
        correct: 3,
      },
      {
        day: 1,
        question: "In what season did the storm happen?",
        answers: ["Autumn", "Winter", "Spring", "Summer"],
        correct: 0,
      },
      {
        day: 1,
        question: "When did the schooner come rocking by?",
        answers: ["At noon", "Right after supper", "Near dawn", "At sunset"],
        correct: 2,
      },
      {
        day: 2,
        question: "The clouds were “as black as coal.” This means the clouds were —",
        answers: ["Very small", "Very dark", "Very fast", "Very soft"],
        correct: 1,
      },
      {
        day: 2,
        question: "Using clues in the song, what is a “schooner”?",
        answers: ["A kind of sea bird", "A big wave", "A rocky island", "A kind of sailing ship"],
        correct: 3,
      },
      {
        day: 2,
        question: "What happened right after the clouds rolled in?",
        answers: [
          "The storm kept Father from rowing home",
          "The sailors turned the wheel",
          "Hannah's father lit the lamp",
          "The schooner reached the harbor",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What did the sailors do after they saw the light?",
        answers: [
          "They climbed the lighthouse stairs",
          "They rowed to town for bread",
          "They turned the wheel and missed the rocks",
          "They went to sleep",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why was the lighthouse so important to the ships?",
        answers: [
          "It sold oil and bread to sailors",
          "It showed them where the rocks were so they could stay safe",
          "It was a place for sailors to sleep",
          "It kept the gulls away from the boats",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Which words best describe Hannah?",
        answers: [
          "Brave and responsible",
          "Lazy and careless",
          "Silly and loud",
          "Grumpy and bored",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What might have happened if Hannah had gone to sleep?",
        answers: [
          "Her father would have come home sooner",
          "The storm would have stopped",
          "The gulls would have flown away",
          "The schooner might have crashed into the rocks",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the theme of this song?",
        answers: [
          "Storms only happen in autumn",
          "Towers should be painted white",
          "Doing your job, even when it is hard, can help others",
          "Boats are safer than lighthouses",
        ],
        correct: 2,
      },
    ],
    extensionPrompt:
      "How did Hannah show that she was brave and responsible? Use at least two details from the song to support your answer.",
  },
  {
    slug: "g3-monarch-sky-highway",
    title: "Monarch Sky Highway",
    planId: 9,
    lexile: 690,
    wordsPerMinute: 112,
    storyGenre: "Informational",
    subject: "Science",
    musicGenre: "Rock",
    lyrics:
      "When the summer days get shorter and the cool winds start to blow,\n" +
      "The monarchs in the meadow know it's time for them to go.\n" +
      "With orange wings and black lines like a stained-glass windowpane,\n" +
      "They leave behind the cornfields and they fly above the plain.\n" +
      "\n" +
      "Fly, monarch, fly down the long sky highway,\n" +
      "Thousands of miles and you never lose your way!\n" +
      "Orange on the wind, heading south today,\n" +
      "Fly, monarch, fly!\n" +
      "\n" +
      "They rest on trees and flowers, sipping nectar as they go,\n" +
      "Across the rivers, over towns, to mountains in Mexico.\n" +
      "In forests of tall fir trees they gather by the millions there,\n" +
      "They cluster on the branches, hanging still in the mountain air.\n" +
      "\n" +
      "When spring returns they head back north to find the milkweed green,\n" +
      "They lay their eggs on milkweed leaves, the smallest you have seen.\n" +
      "The caterpillars munch and grow, then wrap up snug and tight,\n" +
      "And soon new monarchs spread their wings and carry on the flight.\n" +
      "\n" +
      "Fly, monarch, fly down the long sky highway,\n" +
      "Thousands of miles and you never lose your way!\n" +
      "Orange on the wind, heading south today,\n" +
      "Fly, monarch, fly!",
    questions: [
      {
        day: 1,
        question: "When do the monarchs know it is time to fly south?",
        answers: [
          "When the flowers first bloom in spring",
          "When the summer days get shorter and cool winds blow",
          "When the cornfields are planted",
          "When the rivers freeze solid",
        ],
        correct: 1,
      },
      {
        day: 1,
        question: "Where do the monarchs go in the song?",
        answers: [
          "To mountains in Mexico",
          "To a beach in Florida",
          "To a cave in the desert",
          "To the North Pole",
        ],
        correct: 0,
      },
      {
        day: 1,
        question: "What kind of trees do the monarchs gather on in the mountains?",
        answers: ["Apple trees", "Palm trees", "Fir trees", "Maple trees"],
        correct: 2,
      },
      {
        day: 1,
        question: "Where do monarchs lay their eggs?",
        answers: [
          "On fir tree branches",
          "In the cornfields",
          "Under river rocks",
          "On milkweed leaves",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "“They cluster on the branches.” What does “cluster” mean?",
        answers: [
          "Fly away quickly",
          "Gather close together in a group",
          "Break off pieces",
          "Hide under the leaves",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "The monarchs are “sipping nectar” from flowers. What is nectar?",
        answers: [
          "A sweet liquid that flowers make",
          "A kind of leaf",
          "Rain water in a puddle",
          "A tiny egg",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What do the caterpillars do right after they munch and grow?",
        answers: [
          "They lay eggs",
          "They fly to Mexico",
          "They sip nectar",
          "They wrap up snug and tight",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "Which of these happens FIRST when spring returns?",
        answers: [
          "New monarchs spread their wings",
          "The caterpillars munch and grow",
          "The monarchs head back north",
          "The caterpillars wrap up snug and tight",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What is the main idea of the song?",
        answers: [
          "Monarchs are the only orange insects",
          "Cornfields are a good home for butterflies",
          "Fir trees grow very tall in the mountains",
          "Monarchs make a long journey each year and raise new monarchs along the way",
        ],
        correct: 3,
      },
      {
        day: 3,
        question:
          "Why does the author compare the monarch's wings to a “stained-glass windowpane”?",
        answers: [
          "To show that the wings break easily",
          "To help readers picture the colorful pattern of the wings",
          "To explain how monarchs see through windows",
          "To show that monarchs live inside houses",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "Based on the song, why is milkweed important to monarchs?",
        answers: [
          "It is where they lay eggs for the next caterpillars",
          "It keeps them warm in the winter",
          "It shows them the way to Mexico",
          "It makes their wings orange",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What is the author's main purpose for writing this song?",
        answers: [
          "To tell a funny story about a butterfly",
          "To convince readers to plant cornfields",
          "To give facts about how monarchs travel and grow",
          "To describe a trip to Mexico",
        ],
        correct: 2,
      },
    ],
    extensionPrompt:
      "Describe the monarchs' yearly journey. Use details from the song to tell where they go in the fall and what they do when spring returns.",
  },
  {
    slug: "g3-mae-reaches-high",
    title: "Mae Reaches High",
    planId: 9,
    lexile: 660,
    wordsPerMinute: 108,
    storyGenre: "Biography",
    subject: "History",
    musicGenre: "R&B",
    lyrics:
      "In Chicago, a girl named Mae looked up at the night,\n" +
      "She counted all the stars and she dreamed of taking flight.\n" +
      "She read about the planets and the science she adored,\n" +
      "She said, “Someday I'll go out past the sky's front door.”\n" +
      "\n" +
      "Reach, reach, reach up high,\n" +
      "Learn all you can and aim for the sky.\n" +
      "Dreams take work, but dreams can fly,\n" +
      "Reach, reach, reach up high!\n" +
      "\n" +
      "She loved to dance and she loved to learn,\n" +
      "At sixteen, off to college, it was her turn.\n" +
      "She studied science, then became a doctor too,\n" +
      "Helping people heal was a thing she loved to do.\n" +
      "\n" +
      "She went to West Africa to lend a helping hand,\n" +
      "A Peace Corps doctor caring for the people of the land.\n" +
      "Then NASA picked her, said, “Come join our crew!”\n" +
      "She trained for years with so much work to do.\n" +
      "\n" +
      "In nineteen ninety-two, Endeavour roared into the blue,\n" +
      "The first African American woman in space, it's true!\n" +
      "\n" +
      "Reach, reach, reach up high,\n" +
      "Learn all you can and aim for the sky.\n" +
      "Dreams take work, but dreams can fly,\n" +
      "Reach, reach, reach up high!",
    questions: [
      {
        day: 1,
        question: "In what city did Mae grow up?",
        answers: ["Houston", "Chicago", "New York", "Los Angeles"],
        correct: 1,
      },
      {
        day: 1,
        question: "How old was Mae when she went to college?",
        answers: ["Sixteen", "Twelve", "Twenty", "Eighteen"],
        correct: 0,
      },
      {
        day: 1,
        question: "Where did Mae go as a Peace Corps doctor?",
        answers: ["South America", "Asia", "Australia", "West Africa"],
        correct: 3,
      },
      {
        day: 1,
        question: "What was the name of the space shuttle Mae flew on?",
        answers: ["Discovery", "Apollo", "Endeavour", "Explorer"],
        correct: 2,
      },
      {
        day: 2,
        question: "Mae went “to lend a helping hand.” What does that phrase mean?",
        answers: [
          "To borrow some gloves",
          "To help other people",
          "To shake hands with everyone",
          "To learn to paint",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "“Endeavour roared into the blue” means the shuttle —",
        answers: [
          "Sank into the ocean",
          "Was painted blue",
          "Launched loudly into the sky",
          "Broke down on the ground",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "What did Mae do right after she studied science?",
        answers: [
          "She became a doctor",
          "She flew into space",
          "She built rockets on the floor",
          "She joined NASA",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What did Mae do after NASA picked her for the crew?",
        answers: [
          "She went off to college",
          "She moved to Chicago",
          "She went to West Africa",
          "She trained for years",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "Why is Mae Jemison famous, according to the song?",
        answers: [
          "She was the best dancer in Chicago",
          "She built the first rocket",
          "She was the first African American woman in space",
          "She discovered a new planet",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What does the song show about Mae's character?",
        answers: [
          "She was curious, hardworking and caring",
          "She gave up when things got hard",
          "She only cared about dancing",
          "She did not like school",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "What message does the chorus share?",
        answers: [
          "Only grown-ups can have big dreams",
          "Space is too far away to visit",
          "Dancing is more fun than science",
          "Learning and hard work can help you reach your dreams",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "Why did the author most likely write this song?",
        answers: [
          "To explain how to build a model rocket",
          "To tell about a real person who worked hard to reach her dream",
          "To describe what Chicago looks like at night",
          "To teach the names of all the planets",
        ],
        correct: 1,
      },
    ],
    extensionPrompt:
      "What steps did Mae Jemison take to reach her dream of going to space? Use at least two details from the song and explain why each step mattered.",
  },
  {
    slug: "g3-case-of-the-vanishing-row",
    title: "The Case of the Vanishing Row",
    planId: 9,
    lexile: 540,
    wordsPerMinute: 100,
    storyGenre: "Mystery",
    subject: "Math",
    musicGenre: "Blues",
    lyrics:
      "We baked cookies for the Friday sale,\n" +
      "Four rows of six on a silver tray.\n" +
      "“That makes twenty-four,” said Mr. Diaz,\n" +
      "Then we ran out to play.\n" +
      "\n" +
      "When we came back from recess that day,\n" +
      "A whole row was missing from the tray!\n" +
      "We counted eighteen and we scratched our heads,\n" +
      "“Six cookies gone!” is what we said.\n" +
      "\n" +
      "Who took the cookies? Who could it be?\n" +
      "I've got the cookie blues, it's a mystery!\n" +
      "Don't guess, don't blame, just think it through,\n" +
      "Count it up, the numbers hold the clue.\n" +
      "\n" +
      "Was it Pepper the hamster? Her cage was locked tight.\n" +
      "Was it Jonah? He played tag with us, right?\n" +
      "Then Lily checked the money box and gave a shout,\n" +
      "“There are six more dollars than when we went out!”\n" +
      "\n" +
      "A note from Coach Reed said, “I bought six for my team,\n" +
      "A dollar for each,” and we started to beam.\n" +
      "Nobody stole them, it was a sale,\n" +
      "And math helped us follow the trail.\n" +
      "\n" +
      "Who took the cookies? Who could it be?\n" +
      "I've got the cookie blues, it's a mystery!\n" +
      "Don't guess, don't blame, just think it through,\n" +
      "Count it up, the numbers hold the clue.",
    questions: [
      {
        day: 1,
        question: "How many cookies were on the tray before recess?",
        answers: ["Eighteen", "Six", "Twenty-four", "Thirty"],
        correct: 2,
      },
      {
        day: 1,
        question: "How were the cookies arranged on the tray?",
        answers: ["Four rows of six", "Six rows of six", "Three rows of eight", "Two rows of ten"],
        correct: 0,
      },
      {
        day: 1,
        question: "Who checked the money box?",
        answers: ["Jonah", "Mr. Diaz", "Coach Reed", "Lily"],
        correct: 3,
      },
      {
        day: 1,
        question: "Who bought the missing cookies?",
        answers: ["Pepper the hamster", "Coach Reed", "Mr. Diaz", "Jonah"],
        correct: 1,
      },
      {
        day: 2,
        question:
          "“We counted eighteen and we scratched our heads.” What does “scratched our heads” mean here?",
        answers: ["Our heads were itchy", "We were confused", "We were sleepy", "We were proud"],
        correct: 1,
      },
      {
        day: 2,
        question: "In the chorus, “think it through” means —",
        answers: [
          "Think carefully, one step at a time",
          "Forget about the problem",
          "Ask someone else to solve it",
          "Guess as fast as you can",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What did the class do right after Mr. Diaz said “That makes twenty-four”?",
        answers: [
          "They sold the cookies",
          "They checked the money box",
          "They ran out to play",
          "They counted eighteen cookies",
        ],
        correct: 2,
      },
      {
        day: 2,
        question: "Which of these happened LAST?",
        answers: [
          "The class wondered if Pepper took the cookies",
          "The class counted eighteen cookies",
          "The class baked cookies",
          "The class found a note from Coach Reed",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "How did math help the class solve the mystery?",
        answers: [
          "Six cookies were gone and six dollars were added, one dollar for each cookie",
          "They measured how tall the hamster's cage was",
          "They counted how many kids played tag",
          "They added up the rows on the silver tray twice",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why could Pepper the hamster NOT have taken the cookies?",
        answers: [
          "She was asleep",
          "She does not like chocolate",
          "Her cage was locked tight",
          "She was outside playing tag",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What lesson does the chorus teach?",
        answers: [
          "Always hide your cookies",
          "Hamsters make good detectives",
          "Bake sales are too much work",
          "Use facts and careful thinking before you blame someone",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the song mostly about?",
        answers: [
          "How to bake chocolate cookies",
          "A class that uses clues and math to learn the missing cookies were sold",
          "Why Coach Reed loves cookies",
          "A hamster that escapes from its cage",
        ],
        correct: 1,
      },
    ],
    extensionPrompt:
      "How did the class use math and clues to solve the mystery of the missing cookies? Use numbers and details from the song in your answer.",
  },
  {
    slug: "g3-ember-the-bubble-dragon",
    title: "Ember the Bubble Dragon",
    planId: 9,
    lexile: 580,
    wordsPerMinute: 98,
    storyGenre: "Fantasy",
    subject: "Friendship",
    musicGenre: "Swing",
    lyrics:
      "On Thunder Mountain, dragons roar and play,\n" +
      "But Ember was different in a way.\n" +
      "The others puffed fire, orange and bright,\n" +
      "But Ember sneezed bubbles, shiny and light.\n" +
      "\n" +
      "Be who you are, be who you are,\n" +
      "Bubbles can shine like fire or a star.\n" +
      "A true friend sees how you are made,\n" +
      "So be who you are, unafraid!\n" +
      "\n" +
      "The big dragons laughed till their bellies shook,\n" +
      "“A bubble can't burn! Everyone, look!”\n" +
      "So Ember flew off with his cheeks hot and red\n" +
      "To a stream in the valley instead.\n" +
      "\n" +
      "A girl named Pip came skipping by,\n" +
      "She saw a bubble float up high.\n" +
      "“The best bubbles I've ever seen!”\n" +
      "They played all day in the meadow green.\n" +
      "\n" +
      "That night a spark hit the bakery's top,\n" +
      "The flames leaped up and would not stop.\n" +
      "Pip cried, “Ember, sneeze for me!”\n" +
      "And bubbles poured out like a foamy sea.\n" +
      "The fire went out with a sizzle and steam,\n" +
      "And the town cheered the bubble-dragon team!\n" +
      "\n" +
      "Be who you are, be who you are,\n" +
      "Bubbles can shine like fire or a star.\n" +
      "A true friend sees how you are made,\n" +
      "So be who you are, unafraid!",
    questions: [
      {
        day: 1,
        question: "Where did the dragons live?",
        answers: ["In Bubble Valley", "On Thunder Mountain", "By the sea", "In the bakery"],
        correct: 1,
      },
      {
        day: 1,
        question: "What came out when Ember sneezed?",
        answers: ["Fire", "Smoke", "Snowflakes", "Bubbles"],
        correct: 3,
      },
      {
        day: 1,
        question: "Who did Ember meet by the stream?",
        answers: ["A girl named Pip", "A baker", "A big dragon", "His mother"],
        correct: 0,
      },
      {
        day: 1,
        question: "What caught on fire?",
        answers: ["A tree on the mountain", "Pip's house", "The bakery", "The meadow"],
        correct: 2,
      },
      {
        day: 2,
        question: "“The flames leaped up.” What does “leaped” mean?",
        answers: [
          "Went out slowly",
          "Jumped up quickly",
          "Turned into bubbles",
          "Fell to the ground",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "Ember flew off “with his cheeks hot and red.” This shows he felt —",
        answers: [
          "Excited and proud",
          "Hungry and tired",
          "Sick with a cold",
          "Embarrassed and hurt",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "What did Ember do right after the big dragons laughed at him?",
        answers: [
          "He flew down to the valley",
          "He sneezed on the bakery",
          "He laughed with them",
          "He learned to breathe fire",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "What happened right after Pip cried, “Ember, sneeze for me!”?",
        answers: [
          "The big dragons laughed",
          "Pip went skipping home",
          "A flood of bubbles poured out",
          "A spark hit the roof",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "How was Pip different from the big dragons?",
        answers: [
          "She could breathe fire",
          "She liked Ember's bubbles instead of laughing at them",
          "She lived on Thunder Mountain",
          "She was afraid of dragons",
        ],
        correct: 1,
      },
      {
        day: 3,
        question: "What makes this story a fantasy?",
        answers: [
          "It has a bakery",
          "A girl plays in a meadow",
          "There is a stream in the valley",
          "It has a dragon who sneezes bubbles",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "What is the theme of the song?",
        answers: [
          "Being different can be a strength, and true friends like you as you are",
          "Dragons should stay on mountains",
          "Bubbles are more fun than fire",
          "Never play near a bakery",
        ],
        correct: 0,
      },
      {
        day: 3,
        question: "Why did the whole town cheer at the end?",
        answers: [
          "The big dragons came to visit",
          "The bakery gave away free bread",
          "Ember and Pip put out the fire",
          "Ember finally learned to breathe fire",
        ],
        correct: 2,
      },
    ],
    extensionPrompt:
      "How did Pip help Ember, and how did Ember help the town? Use details from the song to explain what the story teaches about friendship.",
  },
  {
    slug: "g3-power-up-body",
    title: "Power Up, Body!",
    planId: 9,
    lexile: 510,
    wordsPerMinute: 96,
    storyGenre: "Poetry",
    subject: "Health",
    musicGenre: "Funk",
    lyrics:
      "Sun's up, feet down, stretch up tall,\n" +
      "My body's like an engine and it's ready for it all.\n" +
      "Oatmeal, berries, milk and toast,\n" +
      "Breakfast is the fuel that I need the most.\n" +
      "\n" +
      "Power up, power up, feel that beat,\n" +
      "Good food, water, move your feet!\n" +
      "Wash your hands and rest at night,\n" +
      "Power up, body, you're doing it right!\n" +
      "\n" +
      "Glug, glug, water is the drink for me,\n" +
      "It keeps me cool like a shady tree.\n" +
      "Sixty minutes every day I run and jump and climb,\n" +
      "My heart grows strong, it keeps good time.\n" +
      "\n" +
      "Before I eat and after play,\n" +
      "Soap and water wash the germs away.\n" +
      "Scrub for twenty seconds, front and back,\n" +
      "Between the fingers, stay on track.\n" +
      "\n" +
      "When the moon comes up and the day is done,\n" +
      "I switch off screens, I've had my fun.\n" +
      "Nine hours of sleep or a little more,\n" +
      "And tomorrow I'll power up like before!\n" +
      "\n" +
      "Power up, power up, feel that beat,\n" +
      "Good food, water, move your feet!\n" +
      "Wash your hands and rest at night,\n" +
      "Power up, body, you're doing it right!",
    questions: [
      {
        day: 1,
        question: "Which food is NOT part of the singer's breakfast?",
        answers: ["Oatmeal", "Berries", "Pancakes", "Toast"],
        correct: 2,
      },
      {
        day: 1,
        question: "How many minutes a day does the singer run, jump and climb?",
        answers: ["Ten", "Sixty", "Twenty", "Ninety"],
        correct: 1,
      },
      {
        day: 1,
        question: "How long does the singer scrub their hands?",
        answers: ["Twenty seconds", "Two minutes", "Five seconds", "One hour"],
        correct: 0,
      },
      {
        day: 1,
        question: "How much sleep does the singer get?",
        answers: ["Five hours", "Six hours", "Exactly seven hours", "Nine hours or a little more"],
        correct: 3,
      },
      {
        day: 2,
        question: "“Breakfast is the fuel that I need the most.” In this line, “fuel” means —",
        answers: [
          "Something that gives you energy",
          "Something that makes you sleepy",
          "A kind of dessert",
          "A game you play outside",
        ],
        correct: 0,
      },
      {
        day: 2,
        question: "Water “keeps me cool like a shady tree.” What does this tell you about water?",
        answers: [
          "It grows on trees",
          "It should be drunk only outside",
          "It makes you feel hot",
          "It helps your body stay cool",
        ],
        correct: 3,
      },
      {
        day: 2,
        question: "According to the song, when should you wash your hands?",
        answers: [
          "Only in the morning",
          "Before you eat and after you play",
          "Only when they look dirty",
          "Right before you go to sleep",
        ],
        correct: 1,
      },
      {
        day: 2,
        question: "What does the singer do right before getting nine hours of sleep?",
        answers: [
          "Eats oatmeal and berries",
          "Runs for sixty minutes",
          "Switches off screens",
          "Drinks a glass of milk",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "What is the main idea of the poem?",
        answers: [
          "Oatmeal is the best breakfast",
          "Screens are bad for you",
          "Healthy habits like good food, water, exercise, clean hands and sleep keep your body strong",
          "You should only play outside on sunny days",
        ],
        correct: 2,
      },
      {
        day: 3,
        question: "Why does the poet compare the body to an engine?",
        answers: [
          "Because bodies are made of metal",
          "Because bodies are noisy",
          "Because engines need to sleep",
          "Because a body needs fuel and care to run well",
        ],
        correct: 3,
      },
      {
        day: 3,
        question: "If the singer felt thirsty after running, what would the singer most likely do?",
        answers: ["Drink some water", "Eat a candy bar", "Go to sleep", "Turn on a screen"],
        correct: 0,
      },
      {
        day: 3,
        question: "Why did the author most likely write this poem?",
        answers: [
          "To tell a story about a car engine",
          "To teach healthy habits in a fun, catchy way",
          "To explain how to cook oatmeal",
          "To describe what the moon looks like",
        ],
        correct: 1,
      },
    ],
    extensionPrompt:
      "Choose two healthy habits from the song. For each one, explain how it helps your body, using details from the song.",
  },
];
