// What CI's sweep holds a document to (decision 055): the outcome and failing cases listed for it
// in ci-expected.json, both ways. A document or case that passed and now fails is a regression;
// one listed as failing that now passes must be taken off the list, so the list only shrinks.

/** Problems of one document's result against its expected entry; [] when it is as listed. */
export function compareWithExpected(expected, result) {
  const problems = [];
  const failing = new Set((result.runner?.failures ?? []).map((c) => c.id));
  const listed = new Set(expected.failing ?? []);
  if (expected.outcome === 'clean' && result.outcome === 'clean') return problems;
  if (expected.outcome === 'clean' && result.outcome !== 'clean') {
    problems.push(`regression: was clean, now ${result.outcome}${failing.size ? ` (${[...failing].slice(0, 5).join(', ')})` : ''}`);
    return problems;
  }
  if (expected.outcome !== 'clean' && result.outcome === 'clean') {
    problems.push(`now passes: take it off the expected failures (it was ${expected.outcome}, class ${expected.class})`);
    return problems;
  }
  if (expected.outcome === 'refused' || result.outcome === 'refused') {
    if (expected.outcome !== result.outcome) problems.push(`was ${expected.outcome}, now ${result.outcome}`);
    return problems;
  }
  if (result.outcome !== 'runner-failed') problems.push(`regression: was ${expected.outcome}, now ${result.outcome}`);
  for (const id of failing) if (!listed.has(id)) problems.push(`regression: ${id} now fails`);
  for (const id of listed) if (!failing.has(id)) problems.push(`now passes: take ${id} off the list`);
  const answersBad = (result.answers?.total ?? 0) - (result.answers?.conform ?? 0);
  if (answersBad > (expected.answersNotConforming ?? 0)) problems.push(`regression: ${answersBad} answers do not conform (listed: ${expected.answersNotConforming ?? 0})`);
  return problems;
}
