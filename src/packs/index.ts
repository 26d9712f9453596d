import type { AnyPack } from '../engine/behaviour-pack.js';
import { petstorePack } from './petstore/index.js';

/** The behaviour packs the mock asks first, in this order (a second pack is one more folder and one more entry). */
export const BUILT_IN_PACKS: readonly AnyPack[] = [petstorePack];
