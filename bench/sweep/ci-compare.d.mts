export function compareWithExpected(
  expected: { outcome: string; class?: string; failing?: string[]; answersNotConforming?: number },
  result: { outcome: string; runner?: { failures?: { id: string }[] }; answers?: { conform: number; total: number } },
): string[];
