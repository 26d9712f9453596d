// Kept at its old path for the tools that import it from here (hostile tests, scripts/soak.mjs).
export { checkInvariants } from '../packs/petstore/store/invariants.js';
