export const DIRECTORY: string;
export function directoryIds(): string[];
export function documentFile(id: string): string;
export function sample(ids: readonly string[], n: number, seed: number): string[];
