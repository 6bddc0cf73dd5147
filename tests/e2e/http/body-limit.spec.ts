import { readFileSync } from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { expect, httpTest as test } from '../support/fixtures';
import { hiddenFields } from '../support/forms';
import { newRequestId, startOwnApp } from '../support/own-app';

/**
 * The 64 KB body limit (docs/operations.md "Request size") holds for bodies without a Content-Length too: a
 * chunked upload is counted as it streams in and cut off, instead of being read to the end by
 * whichever handler Next picks. Runs against an app of its own, so its memory is this test's.
 */

const MB = 1024 * 1024;
const FILLER = Buffer.alloc(64 * 1024, 'a');

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number; sentMb: number };

/** Posts `head`, then filler up to 100 MB, chunked, generated while it is sent (never held whole). */
function postChunked(url: string, headers: Record<string, string>, head: string): Promise<Answer> {
  const started = Date.now();
  let sent = 0;
  const source = Readable.from(
    (function* () {
      yield Buffer.from(head);
      for (; sent < 100 * MB; sent += FILLER.length) yield FILLER;
    })(),
  );
  const request = http.request(url, { method: 'POST', headers });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body, ms: Date.now() - started, sentMb: Math.round(sent / MB) }),
      );
    });
  });
  source.pipe(request);
  const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 20 s')), 20_000).unref());
  return Promise.race([answer, deadline]).finally(() => {
    source.destroy();
    request.destroy();
  });
}

function rssMb(pid: number): number {
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
}

/** Samples the process's resident memory every 50 ms until stopped; returns the highest value. */
function watchRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

test('a chunked 100 MB body is refused with 413 after 64 KB, to a route handler and to a server action', async ({ request }) => {
  test.setTimeout(90_000);
  // Each part has a deadline of its own, so a run that stalls says where (one stalled once, in a
  // full run on a loaded machine, and passed on its retry).
  const app = await test.step('start an app of its own', () => startOwnApp(), { timeout: 40_000 });
  try {
    const origin = new URL(app.url).origin;
    // Warm both handlers first, so what the big bodies cost is not mistaken for first-use growth.
    const { pageUrl, page } = await test.step(
      'warm the page and the language handler',
      async () => {
        const pageUrl = `${app.url}/?requestId=${await newRequestId()}`;
        const page = await request.get(pageUrl, { timeout: 10_000 });
        expect(page.status()).toBe(200);
        const warm = await request.post(`${app.url}/language`, {
          headers: { origin },
          form: { locale: 'de-DE', return: '/' },
          maxRedirects: 0,
          timeout: 10_000,
        });
        expect(warm.status()).toBe(303);
        return { pageUrl, page };
      },
      { timeout: 20_000 },
    );
    const boundary = '----chunked-body-test';
    const fields = Object.entries(await hiddenFields(page))
      .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('');

    const before = rssMb(app.child.pid!);
    const peakRss = watchRss(app.child.pid!);
    let route: Answer, action: Answer, peak: number;
    try {
      route = await postChunked(`${app.url}/language`, { origin, 'content-type': 'application/x-www-form-urlencoded' }, 'return=%2F&locale=');
      action = await postChunked(
        pageUrl,
        { origin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        `${fields}--${boundary}\r\ncontent-disposition: form-data; name="email"\r\n\r\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      peak = peakRss();
    }
    const figures =
      `RSS before ${before} MB, peak ${peak} MB, after ${rssMb(app.child.pid!)} MB; ` +
      `route handler: ${route.status} in ${route.ms} ms, ${route.sentMb} MB generated; action page: ${action.status} in ${action.ms} ms, ${action.sentMb} MB generated`;
    test.info().annotations.push({ type: 'figures', description: figures });
    console.log(figures);

    for (const answer of [route, action]) {
      expect(answer.status).toBe(413);
      expect(answer.body).toBe('Request too large.');
      expect(answer.headers.connection).toBe('close');
      expect(answer.ms).toBeLessThan(5_000);
    }
    expect(peak - before).toBeLessThan(30);
    // Still there and answering; Next's abandoned attempt left neither a crash nor a stack trace
    // or a warning in the log.
    expect(app.child.exitCode).toBeNull();
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect(app.output()).not.toMatch(/\n\s+at |exceeded|ERR_/);
  } catch (error) {
    await test.info().attach('app output', { body: app.output(), contentType: 'text/plain' });
    throw error;
  } finally {
    await test.step('stop the app', () => app.stop(), { timeout: 25_000 });
  }
});

test('a chunked body within the limit still reaches the handler', async ({ baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const chunked = Readable.from([Buffer.from('return=%2Ferror&'), Buffer.from('locale=fr-FR')]);
  const response = await fetch(`${baseURL}/language`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: Readable.toWeb(chunked) as ReadableStream,
    duplex: 'half',
    redirect: 'manual',
  } as RequestInit);
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toMatch(/\/error$/);
  expect(response.headers.get('set-cookie')).toMatch(/signin_locale=fr-FR/);
});
