import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

// The package root loads every locale (about 0.7 s); the English entry point about 0.08 s. It
// exports a ready instance only, so new instances come from its class and its definitions.
const FakerClass = english.constructor as typeof Faker;

/** A Faker of its own (English words), seeded: the same seed gives the same sequence. */
export function createFaker(seed: number): Faker {
  const faker = new FakerClass({ locale: english.rawDefinitions });
  faker.seed(seed);
  return faker;
}
