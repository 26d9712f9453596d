import type { Faker } from '@faker-js/faker';

type Maker = (faker: Faker) => string;

/**
 * What a `name` is the name of, read from its owner: the key of the object holding it (`owner`,
 * `author`, `items`) or, at a record's top level, the resource it belongs to (`bookshelf`). The
 * owner's last word decides (`petOwner` is a person), singular or plural. An owner no rule knows
 * gets a neutral two-word name. Animals (faker's list of animal kinds) get an animal's name.
 */
const NAMES: readonly (readonly [RegExp, Maker])[] = [
  [/^(user|person|people|customer|author|owner|member|employee|contact|profile|player|student|teacher|patient|driver|staff|assignee|reviewer|recipient|sender|creator|admin|manager|agent)s?$/, (f) => f.person.fullName()],
  [/^(compan(y|ie)|organi[sz]ation|org|vendor|merchant|business(e)?|supplier|brand|publisher|partner|tenant|account)s?$/, (f) => f.company.name()],
  [/^(product|item|article|sku|good)s?$/, (f) => f.commerce.productName()],
  [/^(cit(y|ie)|town)s?$/, (f) => f.location.city()],
  [/^(countr(y|ie))s?$/, (f) => f.location.country()],
  [/^(file|document|attachment|image|photo|upload|asset)s?$/, (f) => f.system.fileName()],
  [/^(tag|label|genre|topic|department|group|team)s?$/, (f) => f.commerce.department()],
  [/^(repo|repositor(y|ie)|project|app|application|service|workspace|environment|cluster|database|bucket|server|host|node|channel|queue|function|job|pipeline|workflow|volume|network|instance|deployment|container|namespace|key|token|webhook|hook|domain|zone|region|branch)s?$/, (f) => `${f.word.adjective()}-${f.word.noun()}`.toLowerCase()],
];

/** Fields whose name alone says what they hold, matched on the name in lower case without `_`/`-`. */
const FIELDS: ReadonlyMap<string, Maker> = new Map<string, Maker>([
  ...['firstname', 'givenname', 'forename'].map((k) => [k, (f: Faker) => f.person.firstName()] as const),
  ...['lastname', 'surname', 'familyname'].map((k) => [k, (f: Faker) => f.person.lastName()] as const),
  ...['fullname', 'displayname', 'contactname', 'personname', 'authorname', 'customername', 'ownername'].map((k) => [k, (f: Faker) => f.person.fullName()] as const),
  ...['username', 'login', 'handle', 'nickname'].map((k) => [k, (f: Faker) => f.internet.username()] as const),
  ...['email', 'emailaddress', 'mail'].map((k) => [k, (f: Faker) => f.internet.email()] as const),
  ...['phone', 'phonenumber', 'mobile', 'telephone', 'tel'].map((k) => [k, (f: Faker) => f.phone.number()] as const),
  ...['city', 'town'].map((k) => [k, (f: Faker) => f.location.city()] as const),
  ...['country', 'countryname'].map((k) => [k, (f: Faker) => f.location.country()] as const),
  ...['street', 'streetaddress', 'address', 'address1', 'addressline1', 'line1'].map((k) => [k, (f: Faker) => f.location.streetAddress()] as const),
  ...['zip', 'zipcode', 'postalcode', 'postcode'].map((k) => [k, (f: Faker) => f.location.zipCode()] as const),
  ...['company', 'companyname', 'organization', 'organisation', 'employer'].map((k) => [k, (f: Faker) => f.company.name()] as const),
  ...['title', 'headline', 'subject'].map((k) => [k, (f: Faker) => capitalised(f.lorem.words({ min: 2, max: 5 }))] as const),
  ...['message', 'description', 'summary', 'comment', 'note', 'notes', 'bio', 'about', 'details'].map((k) => [k, (f: Faker) => f.lorem.sentence()] as const),
  ...['slug'].map((k) => [k, (f: Faker) => f.lorem.slug(2)] as const),
  ...['color', 'colour'].map((k) => [k, (f: Faker) => f.color.human()] as const),
  ...['currency', 'currencycode'].map((k) => [k, (f: Faker) => f.finance.currencyCode()] as const),
]);

/**
 * Text for a string field with no format, pattern or enum: what its name says it holds and,
 * for a `name`, a name of the kind of thing its owner is (a bookshelf is not called "Mia").
 * The caller still fits it to the schema's length bounds.
 */
export function fieldText(key: string, owner: string, faker: Faker): string {
  const field = key.toLowerCase().replace(/[_\-\s]/g, '');
  if (field === 'name') return nameFor(owner, faker);
  const maker = FIELDS.get(field);
  return maker ? maker(faker) : faker.lorem.word();
}

function nameFor(owner: string, faker: Faker): string {
  const head = owner.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean).pop()?.toLowerCase() ?? '';
  const one = head.replace(/ies$/, 'y').replace(/s$/, '');
  if (one === 'animal' || faker.definitions.animal.type.includes(one)) return faker.animal.petName();
  for (const [pattern, maker] of NAMES) if (pattern.test(head)) return maker(faker);
  return capitalised(`${faker.word.adjective()} ${faker.word.noun()}`);
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What an operation's answer is about, for naming: its path's last literal segment (`/shelves/{id}/books` -> `books`). */
export function subjectOfPath(path: string): string {
  return path.split('/').filter((segment) => segment && !segment.includes('{')).pop() ?? '';
}
