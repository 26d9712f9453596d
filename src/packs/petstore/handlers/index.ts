import type { Handler } from './results.js';
import { categoryHandlers } from './categories.js';
import { petHandlers } from './pets.js';
import { storeHandlers } from './store-orders.js';

/** The section 7 behaviour of each Petstore operation, keyed by operationId. */
export const HANDLERS: Readonly<Record<string, Handler>> = { ...petHandlers, ...categoryHandlers, ...storeHandlers };
