/** The records of the Petstore, as the document's schemas describe them. Stored frozen. */
export type PetStatus = 'available' | 'pending' | 'sold';

export interface Pet {
  readonly id: number;
  readonly name: string;
  readonly categoryId: number;
  readonly status: PetStatus;
}

export interface Category {
  readonly id: number;
  readonly name: string;
  readonly description?: string;
}

export interface Order {
  readonly id: number;
  /** Names an existing pet while the order is open; a completed order outlives its pet (history). */
  readonly petId: number;
  readonly quantity: number;
  /** ISO 8601 date-time. */
  readonly shipDate: string;
  readonly complete: boolean;
}

/** An order after `PATCH {complete}`, and whether that call is the one that fulfilled it. */
export interface OrderChange {
  readonly order: Order;
  readonly completed: boolean;
}

export interface InventoryItem {
  readonly petId: number;
  readonly quantity: number;
  readonly status: PetStatus;
}

export interface NewPet {
  name: string;
  categoryId: number;
  status?: PetStatus;
}
export type PetUpdate = Partial<NewPet>;
export interface NewCategory {
  name: string;
  description?: string;
}
export interface NewOrder {
  petId: number;
  quantity: number;
  shipDate?: string;
}

/** The whole data set: what a session starts from, and what invariant checks read. */
export interface StoreData {
  readonly categories: readonly Category[];
  readonly pets: readonly Pet[];
  /** Stock count per pet id; an inventory entry's status is always its pet's. */
  readonly stock: ReadonlyMap<number, number>;
  readonly orders: readonly Order[];
  /**
   * The id the next created record of each kind gets (ids are never reused, so after deletions
   * it is past the largest id present). Absent: one past the largest id present.
   */
  readonly nextId?: Readonly<NextIds>;
}

export interface NextIds {
  category: number;
  pet: number;
  order: number;
}
