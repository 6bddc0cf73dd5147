import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * The README is a front page and the rest lives in docs/ by reader (issue 36 item 6). A moved
 * section must not leave a link behind it: every relative link and image in README.md and
 * docs/*.md must name a file that exists and, with a #fragment into a Markdown file, a heading
 * of that file as GitHub anchors it.
 */
const README = 'README.md';
const DOCS = readdirSync('docs')
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const PAGES = [README, ...DOCS];

/** The files the issue names, beside the README. */
const NAMED = ['configuration', 'tenant', 'operations', 'testing', 'benchmarks', 'architecture', 'provider-contract'].map((n) => `docs/${n}.md`);

/** Markdown without its fenced code blocks, whose lines are neither headings nor links. */
function withoutFences(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** The text GitHub makes an anchor of: a heading as rendered, lower-cased, punctuation gone, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*]/g, ''); // code and emphasis marks
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every heading's anchor in a Markdown file, a repeated one numbered -1, -2 … as GitHub does. */
function anchors(markdown: string): Set<string> {
  const seen = new Set<string>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    let anchor = base;
    for (let n = 1; seen.has(anchor); n++) anchor = `${base}-${n}`;
    seen.add(anchor);
  }
  return seen;
}

/** Every link and image target outside code: inline `[text](target)`, reference definitions, and HTML src/href. */
function targets(markdown: string): string[] {
  const prose = withoutFences(markdown).replace(/`[^`]*`/g, 'code');
  const inline = [...prose.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  const html = [...prose.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
  return [...inline, ...references, ...html];
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** What is wrong with one relative link of `page`, or nothing. */
function problem(page: string, target: string): string | undefined {
  const [path = '', fragment] = target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
  if (!existsSync(file)) return `${target}: no file ${file}`;
  if (fragment === undefined || !file.endsWith('.md') || statSync(file).isDirectory()) return undefined;
  if (!anchors(readFileSync(file, 'utf8')).has(decodeURIComponent(fragment).toLowerCase())) return `${target}: ${file} has no heading #${fragment}`;
  return undefined;
}

describe('GitHub anchors and links, as this test reads them', () => {
  test('headings become GitHub anchors', () => {
    expect(slug("This deployment's own session")).toBe('this-deployments-own-session');
    expect(slug('7. What is still unknown, and where it lives')).toBe('7-what-is-still-unknown-and-where-it-lives');
    expect(slug('What `npm test` runs')).toBe('what-npm-test-runs');
    expect(slug('2.11 This deployment’s own OIDC client')).toBe('211-this-deployments-own-oidc-client');
    expect(slug('Passkeys: the relying-party id')).toBe('passkeys-the-relying-party-id');
    expect(slug('`signin_build_info` and [more](x.md)')).toBe('signin_build_info-and-more');
  });

  test('a repeated heading is numbered, and a heading inside a code fence is not one', () => {
    expect([...anchors('# Limits\n\n## Limits\n\n```\n# Limits\n# Not here\n```\n\n### Limits\n')]).toEqual(['limits', 'limits-1', 'limits-2']);
  });

  test('links and images are found outside code only', () => {
    const markdown = [
      'See [`docs/a.md`](docs/a.md#b), ![a picture](docs/images/x.png "title") and [the site](https://example.com).',
      'Not `[a link](in-code.md)`, nor in a fence:',
      '```',
      '[fenced](fenced.md)',
      '```',
      '[ref]: docs/ref.md',
    ].join('\n');
    expect(targets(markdown)).toEqual(['docs/a.md#b', 'docs/images/x.png', 'https://example.com', 'docs/ref.md']);
  });
});

describe('the README and docs/', () => {
  test('the README is a front page: 250 lines at most', () => {
    const lines = readFileSync(README, 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(250);
  });

  test.each(NAMED)('%s exists', (file) => {
    expect(existsSync(file), file).toBe(true);
  });

  test('the README links every file in docs/', () => {
    const linked = new Set(
      targets(readFileSync(README, 'utf8'))
        .filter((t) => !external(t))
        .map((t) => normalize(t.split('#')[0]!)),
    );
    expect(DOCS.filter((file) => !linked.has(file))).toEqual([]);
  });

  test.each(PAGES)('every relative link in %s reaches a file, and a heading where it names one', (page) => {
    const links = targets(readFileSync(page, 'utf8')).filter((t) => !external(t));
    expect(
      links
        .map((target) => problem(page, target))
        .filter(Boolean)
        .join('\n'),
      page,
    ).toBe('');
  });
});
