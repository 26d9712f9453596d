import type { Schema } from '../spec/openapi.js';

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** A parameter's text typed by its schema (`'7'` -> 7 for an integer); text that does not convert stays text, to fail validation. */
export function convert(value: string, schema: Schema): unknown {
  switch (schema.type) {
    case 'integer':
      return INTEGER.test(value) ? Number(value) : value;
    case 'number':
      return NUMBER.test(value) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      return value;
  }
}
