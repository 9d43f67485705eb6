/**
 * Day 4 answers the demo's students hand in, keyed by lesson title: three per lesson, each
 * answering that lesson's own extension prompt about its own words, strongest first, so the
 * first earns a 3 on the rubric (EXTENSION_RUBRIC), the second a 2 and the third a 1. Written
 * for Refrain, like the lessons they answer. A started lesson saves an answer's first sentence
 * as its draft, so each first sentence ends with a full stop.
 */
export const EXTENSION_ANSWERS: Record<string, readonly string[]> = {
  // Kindergarten
  "Fly, Kite, Fly!": [
    "I like to play with my ball outside. I kick it up, up, up in the sky like Sam's kite.",
    "I like my bike. It goes fast in the wind.",
    "I like to play outsid.",
  ],
  "The Moon Bug Band": [
    "Me and Lily play drums like Bug. We are glad when we play together.",
    "I play tag with Omar at recess.",
    "Ana is my best frend.",
  ],
  "Socks on the Line": [
    "I counted five books in my room. One, two, three, four, five books, like the socks!",
    "I counted my toy cars. I have five.",
    "I have lots of toys.",
  ],
  "Bubbles on My Hands": [
    "I scrub my hands with soap after I pet my dog. I scrub each thumb like the song says.",
    "I wash my hands before lunch.",
    "My sope smells like bubble gum.",
  ],
  "Ant and the Big Crumb": [
    "I helped my dad carry a big box. It was heavy but we lifted it together like the ants.",
    "My sister helps me tie my shoes.",
    "I like ants.",
  ],
  "Stomp in the Snow": [
    "On a cold day I put on my hat and boots and stomp in the snow.",
    "I like to go swimming when it is warm.",
    "I like to play.",
  ],

  // First grade
  "The Seed That Grew and Grew": [
    "I want to grow a big pumpkin. It needs water and sunlight and dirt for its roots.",
    "I would grow a flower. It needs water and sun.",
    "I would grow a apple tree.",
  ],
  "Maya Brings the Mail": [
    "Our bus driver is named Rose. She helps kids in our town get to school safe every day.",
    "A nurse helps people. She gives them medicine.",
    "The fire truck is red.",
  ],
  "Turtle Shares the Shade": [
    "I shared my crayons with Mia when hers broke. We both felt happy, like Turtle and his friends.",
    "I share my snack with my friend. It was good.",
    "I shared my toy.",
  ],
  "Dot the Dragon's Lemonade Stand": [
    "I would sell cookies at my stand. Each cookie would cost ten cents, one dime like at Dot's stand.",
    "I would sell lemonade. It costs fifty cents.",
    "I would sell toys.",
  ],
  "Grandpa's Rainbow Salad": [
    "My salad has a red tomato, an orange carrot and green lettuce. I would put purple cabbage on top to make a rainbow.",
    "I would use carrots and tomatoes. They are orange and red.",
    "I like salad with ranch.",
  ],
  "Night Song at the Pond": [
    "I hear a bird go chirp, chirp outside the window. The fan hums soft like the pond at night.",
    "I hear cars outside. A bird goes chirp.",
    "It is quiet.",
  ],

  // Second grade
  "Drip Drop Journey": [
    "In evaporation the warm sun heats the drop and it rises up light as a puff of steam. In condensation the drop gets cold high in the air and joins its friends in a gray cloud. In precipitation the cloud gets too heavy and the drops fall down as rain. Then the drop rolls down to the river and goes back to the sea.",
    "First the drop goes up to the sky. Then it makes a cloud. Then it rains down.",
    "The water cycle is about rain. I like rainy days.",
  ],
  "Hello, Nia!": [
    "The singer saw Nia eating alone at lunch and walked over with a tray to sit with her. At recess they played four square together, and Nia taught everyone a clapping game. I could help a new student by showing them where the library and the bathroom are.",
    "The singer was nice to Nia and played with her. I would say hi to a new kid.",
    "Nia was new at school. She had new shoes and a new backpack.",
  ],
  "Pennies in the Jar": [
    "Rosa earned money by raking Grandpa's leaves and walking a neighbor's dog when he had the flu. She also saved by skipping candy at the corner store. I want to save up for a soccer ball, so I will help fold laundry and put my coins in a jar like Rosa.",
    "Rosa did jobs for people and put the money in a jar. I want to save up for a bike by doing chores.",
    "Rosa wanted a red kite. It cost five dollars.",
  ],
  "Benny Beaver's Big Dam": [
    'Benny learned that when you have a lot, you should share it. At the beginning he kept all the water and said, "It\'s mine, no doubt!" even when the frogs had nowhere to swim. At the end his lodge flooded, so he pulled three sticks and let the water flow to the frogs, ducks and deer.',
    "Benny learned to share. He was selfish at first and then he was nice to the animals.",
    "Benny built a big dam with sticks and mud. It was wide and tall.",
  ],
  "The Case of the Missing Lunch": [
    "Jada knew her lunch had carrots, an apple and a turkey sandwich, but this box had cookies and chips, so it was not hers. Then she saw a name tag on the handle that said THEO. Theo is her brother and they both have green lunchboxes, so she found him eating her carrots.",
    "She looked at the food and the name tag. It was her brother's lunch.",
    "Jada's lunch was missing. She was a detective.",
  ],
  "Sunny the Sunflower Seed": [
    "First Sunny was a striped seed in the dirt, and she stretched a root down into the ground. Next she pushed up a sprout with two green leaves and drank the rain. Then she grew taller than Dad, and in summer she opened big yellow petals. Last she dropped new seeds down by her feet.",
    "Sunny was a seed and then she grew a sprout. Then she got really tall and turned into a flower.",
    "Sunny got really big. Bees came.",
  ],

  // Third grade
  "Hannah Keeps the Light": [
    "Hannah was responsible because when her father got stuck in the storm, she climbed all ninety-nine stairs and trimmed the wick so the lamp kept shining. She was brave because she stayed awake all night even though the waves climbed high and the night grew deep. Because of her, the schooner saw the light and missed the rocks.",
    "Hannah was brave because she was alone in the storm. She was responsible because she kept the light on for the ships.",
    "Hannah lived in a lighthouse by the sea. Her dad went to town.",
  ],
  "Monarch Sky Highway": [
    "In the fall, when the days get shorter, the monarchs leave the cornfields and fly thousands of miles south to the mountains in Mexico. They sip nectar on the way and then gather by the millions on fir trees. When spring returns they fly back north and lay their eggs on milkweed leaves, so new caterpillars can grow into monarchs.",
    "The monarchs fly south to Mexico when it gets cold. In the spring they come back and lay eggs.",
    "Monarchs are orange and black butterflies. They can fly really far.",
  ],
  "Mae Reaches High": [
    "When Mae was a girl she read about planets and science, and that mattered because it made her dream of space. She went to college at sixteen and became a doctor, so she knew science and how to help people. Then NASA picked her and she trained for years, which mattered because you have to practice a lot before you can fly on Endeavour.",
    "Mae studied hard and went to college. Then she trained at NASA and went to space.",
    "Mae liked to look at the stars. She went to space in 1992.",
  ],
  "The Case of the Vanishing Row": [
    "The tray had four rows of six, which makes 24 cookies, but after recess the class only counted 18, so 6 were missing. They checked the clues, like Pepper's cage being locked and Jonah playing tag with them. Then Lily found six more dollars in the money box, and Coach Reed's note said he bought six cookies for a dollar each, so 6 cookies matched 6 dollars.",
    "They counted the cookies and 6 were gone. Then they found money in the box and a note from the coach.",
    "Somebody took the cookies. It was a mystery.",
  ],
  "Ember the Bubble Dragon": [
    'Pip helped Ember by telling him his bubbles were the best she had ever seen after the big dragons laughed at him. Ember helped the town when the bakery caught fire and he sneezed bubbles that put out the flames. The story teaches that a true friend likes you for who you are, like the song says, "A true friend sees how you are made."',
    "Pip played with Ember and was nice to him. Ember put out the fire with his bubbles. Friends should be nice to each other.",
    "Ember sneezed bubbles instead of fire. The other dragons laughed at him.",
  ],
  "Power Up, Body!": [
    "One habit is drinking water, and the song says it keeps you cool like a shady tree. Another habit is moving for sixty minutes every day, because running and climbing make your heart grow strong. Sleeping nine hours is important too, so you can power up again the next day.",
    "Eating breakfast is healthy because it gives you energy. Washing your hands is good so you don't get sick.",
    "You should eat healthy food. I like oatmeal with berries.",
  ],

  // Fourth grade
  "Maya and the Windmill Light": [
    'Maya got her windmill light to work by fixing one problem at a time. The first time the yarn slipped and the blades flew off, so she traded the yarn for metal bolts. The second time a wire was loose, so she taped each wire with care and turned the blades to face the wind. Grandpa told her to "write down what went wrong," and her notebook of mistakes helped her. The song teaches that "every mistake is a teacher and a friend," so failing is part of learning.',
    "Maya kept trying until she fixed her windmill. She used bolts instead of yarn. The song teaches that you should never give up even when something goes wrong.",
    "Maya built a windmill from a bicycle wheel. Her brother said it would never light. At the end it worked.",
  ],
  "Slow Giants Under Our Feet": [
    "When two plates pull apart under the ocean floor, melted rock called magma rises up and cools into brand-new crust, so the seafloor spreads and grows. When two plates push together, the land folds and crumples into mountains. The song says India crashed into Asia millions of years ago, and the Himalayas are still rising slowly. Both of these change Earth even though the plates only move a couple of inches a year.",
    "When plates push together they make mountains. When plates slide sideways they can get stuck and then slip, which makes an earthquake. Both of these change the land.",
    "The plates are always moving under our feet. They move as slow as fingernails grow. You can't feel them moving.",
  ],
  "New Kid in Room Twelve": [
    'In the morning the narrator was nervous and lonely, with butterflies inside and a wish to zoom back home. At recess they stood by the fence alone, and at lunch they stood frozen "like a boat with no harbor." The change came when Priya said, "Come sit with me!" and showed them her dragon drawing. They traded pencils and laughed, and by the last bell the butterflies were all gone.',
    "At first the narrator was scared because it was a new school. Then Priya asked them to sit with her and they became friends. At the end of the day they felt happy.",
    "The narrator moved to a new town. Their shoes were too tight. The teacher was Ms. Park.",
  ],
  "Grow It on Maple Street": [
    'I would want a community garden in my neighborhood. First, a garden gives people fresh food instead of a lot full of trash and weeds. Second, bees and butterflies would have a place to stay, and they help the flowers make seeds and fruit. The song also says a garden "brings us close, the young ones and the old," and I think the people on my street would get to know each other better.',
    "I would want a garden because it is better than an empty lot. You can grow vegetables and flowers there. It would be fun to work with my neighbors.",
    "Yes, I want one. I like sunflowers and tomatoes. It would look nice.",
  ],
  "The Waggle Dance": [
    'A honeybee shows the direction by the way she waggles, because the hive is too dark to see. If she waggles straight up it means fly toward the sun, if she waggles straight down it means fly away from it, and a tilt shows the angle left or right of the sun. She shows the distance by how long she waggles, since "the longer she waggles, the farther the trip." When the flowers are very close she does a round dance instead.',
    "The bee dances to show the other bees where the flowers are. The way she points shows which way to go. A long dance means the flowers are far away.",
    "The bee found clover in the meadow. She went back to the hive and danced. Bees are really smart.",
  ],
  "The Case of the Missing Pie": [
    "The pie was cut into eight slices and five were missing, so five eighths of the pie was gone. Coach Ray ate one slice, which is one eighth, and the Ortiz twins each ate one, which is two eighths more. That made three eighths, so two eighths were still missing, and Jada knew that is the same as one fourth. She followed the crumbs and the blue paw print to Biscuit, and one plus two plus two made five eighths.",
    "Jada added up the slices people ate. Coach Ray and the twins ate three slices. The dog ate the other two.",
    "Jada is a detective at the bake sale. The dog Biscuit ate the pie because his nose was purple. I thought that part was funny.",
  ],

  // Fifth grade
  "Sixty-Six Days to a New Shore": [
    'One of the hardest parts was living below the deck, where it was dim and cold and the food was hard biscuits, salted beef and old dry peas. The people faced it by holding on, like the chorus says, "Hold on tight when the wild winds blow." Another challenge was the storm that cracked a great beam above their heads. They used the giant iron screw they had packed to crank the beam back in place. When John Howland was pulled from the sea, the narrator learned that hope can hold you "like a rope inside a gale."',
    "The voyage was hard because the food was bad and everyone was cold and wet. There was also a big storm that broke part of the ship. They fixed the ship and kept going until they got to land.",
    "The Mayflower sailed for sixty-six days. A man named John Howland fell in the ocean. They finally saw land at Cape Cod.",
  ],
  "Window Seat to the Pacific": [
    'At the start the train crossed the Mississippi, which was muddy, wide and brown. In Iowa and Nebraska the land turned into flat prairie and corn, where the sky "looked like a giant bowl turned upside down." Then the train climbed the snowy Rockies through a tunnel six miles long, and after that it followed the Colorado River through red canyons and crossed the Utah desert. The narrator learned what Grandma meant when she said "every time you look again, there\'s something new to see," and wants to ride again someday.',
    "The land changed from flat farms to mountains to desert. They went over a big river and through a long tunnel. The narrator learned that a train is a good way to see the country.",
    "The narrator rode a train with Grandma from Chicago. They slept in a bunk. At the end they saw the ocean.",
  ],
  "The Clock That Benjamin Built": [
    'One achievement was the wooden clock he carved after studying a borrowed pocket watch, and it chimed every hour for years. This shows he was curious and patient, because he cut every gear by hand. Another achievement was teaching himself the math of the stars and working out the day of a solar eclipse. He also wrote a brave letter to Jefferson saying slavery was wrong, which shows he "stood up with numbers" and with words for what was right.',
    "Benjamin built a clock out of wood and he wrote an almanac. This shows he was very smart and hard-working. He did not give up even without much school.",
    "Benjamin Banneker was born on a farm in Maryland. His grandmother taught him to read. He liked puzzles.",
  ],
  "Greenhouse Kid on Mars": [
    "When the dust storm coated the solar panels, the power dropped and the greenhouse lights grew dim. Dad switched to backup batteries and they turned off every screen to save power for the greenhouse lights. After the storm, Zara suited up and brushed the panels clean so they caught the sunlight again. This mattered because the ground on Mars is red, dusty and dry, so all their lettuce, beans and potatoes grow in water trays under those lights. The yellow tomato flower at the end shows that their plan worked.",
    "They used the backup batteries and turned off the screens. Zara cleaned the solar panels after the storm. This mattered because the plants needed light to grow their food.",
    "Zara lives on Mars in a glass dome. A dust storm came and covered the sun. Her tomato vine was drooping.",
  ],
  "What the River Remembers": [
    'The river starts as melting snow on a high mountain, and tributaries join it and make it stronger. For a million years it scrapes the rock with pebbles and sand and carves a deep canyon "grain by grain." On the plains it slows down and meanders, and its spring floods leave rich soil for the farmers. At the sea it drops its sand and builds a delta of new land, and then the sun lifts it as vapor so it can fall as snow on the peaks again.',
    "The river starts on a mountain as snow. It goes down and makes a canyon and then it goes to the sea. Then it turns into a cloud and goes back. It changes the land by carving it.",
    "The river goes from the mountain to the sea. It is a circle, not a line. Rivers are really old.",
  ],
  "Lights Out, Brain On": [
    "Yes, the song convinced me to go to bed earlier. Reason one says my brain files away the day's facts while I sleep, like spelling words and times tables, and I want to remember them for tests. Reason two says my body grows and heals at night, so my legs would recover from soccer. I am going to try the tip about shutting off my tablet an hour before bed, because the glow of a screen can trick my brain into thinking it is day.",
    "Kind of, because the song says sleep helps your brain remember things and helps your body heal. I will try to go to bed at the same time every night. But I still want to stay up late on weekends.",
    "No, I already go to bed early. I like to read before bed. Sleep is important.",
  ],
};
