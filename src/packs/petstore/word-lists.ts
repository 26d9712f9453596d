/**
 * Curated words for the seed data set. faker knows breeds and generic pet names, but not which
 * names suit which kind of animal, and a "Goldie" that is a python reads as generated.
 */
export interface CategoryWords {
  readonly name: string;
  readonly description: string;
  /** How common the kind is in the shop, relative to the others. */
  readonly weight: number;
  readonly petNames: readonly string[];
}

// dog, cat and rabbit come first so that they get ids 1, 2 and 3, as the document's examples say.
export const CATEGORY_WORDS: readonly CategoryWords[] = [
  {
    name: 'dog',
    description: 'Loyal companions, from toy breeds to working dogs',
    weight: 30,
    petNames: ['Rex', 'Max', 'Buddy', 'Bella', 'Charlie', 'Luna', 'Rocky', 'Daisy', 'Cooper', 'Bailey', 'Duke',
      'Sadie', 'Bear', 'Molly', 'Tucker', 'Rosie', 'Murphy', 'Zeus', 'Biscuit', 'Scout', 'Ruby', 'Winston'],
  },
  {
    name: 'cat',
    description: 'Independent, curious and fond of warm windowsills',
    weight: 25,
    petNames: ['Tom', 'Whiskers', 'Misty', 'Oliver', 'Cleo', 'Simba', 'Nala', 'Shadow', 'Felix', 'Mittens',
      'Smokey', 'Pumpkin', 'Tigger', 'Salem', 'Ginger', 'Pepper', 'Jasper', 'Willow', 'Mochi', 'Sooty'],
  },
  {
    name: 'rabbit',
    description: 'Gentle, social and happiest in pairs',
    weight: 12,
    petNames: ['Thumper', 'Clover', 'Bun', 'Hazel', 'Flopsy', 'Cinnamon', 'Snowball', 'Honey', 'Oreo',
      'Nibbles', 'Cottontail', 'Dandelion', 'Pipkin', 'Marshmallow'],
  },
  {
    name: 'bird',
    description: 'Budgies, canaries and parrots that like to talk',
    weight: 12,
    petNames: ['Tweety', 'Kiwi', 'Sunny', 'Mango', 'Skye', 'Pip', 'Rio', 'Blue', 'Polly', 'Sunflower',
      'Echo', 'Peaches', 'Zazu', 'Jewel'],
  },
  {
    name: 'fish',
    description: 'Freshwater and tropical fish for home aquariums',
    weight: 11,
    petNames: ['Nemo', 'Bubbles', 'Goldie', 'Finn', 'Dory', 'Splash', 'Gill', 'Coral', 'Wanda', 'Flash',
      'Neptune', 'Squirt'],
  },
  {
    name: 'reptile',
    description: 'Geckos, turtles and snakes for patient keepers',
    weight: 10,
    petNames: ['Spike', 'Rango', 'Shelly', 'Kaa', 'Iggy', 'Draco', 'Slinky', 'Sheldon', 'Gizmo', 'Yoshi',
      'Fang', 'Pebbles'],
  },
];
