/**
 * Whether a masked address from a provider page's address (`j***@example.com`) can be shown: it
 * names the address this sign-in already knows (typed on the e-mail step, or the one this
 * deployment sent the confirmation to), so the page repeats nothing a stranger put into a link
 * ("your account has been suspended, call …"). Its visible characters must be where they are in
 * the known address; mask characters (`*`, `•`, `x` runs) stand for any. Anything else: not shown.
 */
const MASK = /^[*•·]+$/;

export function maskedFits(masked: string | undefined, known: string | undefined): boolean {
  if (!masked || !known) return false;
  const [maskedLocal, maskedDomain, ...restMasked] = masked.trim().toLowerCase().split('@');
  const [knownLocal, knownDomain] = known.trim().toLowerCase().split('@');
  if (restMasked.length > 0 || maskedDomain === undefined || knownDomain === undefined) return false;
  return partFits(maskedLocal, knownLocal) && partFits(maskedDomain, knownDomain);
}

/** A masked part against the known one: its visible start and end are the known one's, a mask run in between. */
function partFits(masked: string, known: string): boolean {
  if (masked === known) return true;
  const runs = masked.split(/([*•·]+)/).filter(Boolean);
  if (!runs.some((run) => MASK.test(run))) return false;
  const visible = runs.filter((run) => !MASK.test(run));
  let at = 0;
  for (const [i, part] of visible.entries()) {
    const found = i === 0 && !MASK.test(runs[0]) ? (known.startsWith(part) ? 0 : -1) : known.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  const last = runs.at(-1)!;
  return MASK.test(last) || known.endsWith(last);
}
