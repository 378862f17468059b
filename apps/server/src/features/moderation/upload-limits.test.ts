import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadLimitText, type ApiErrorBody } from '@chat/contract';
import { startTestApp, registerUser, type Harness, type TestUser } from '../../../test/support/harness.js';

/**
 * librechat.yaml `rateLimits` over HTTP: uploads under /api/files and conversation imports past
 * their per-user and per-address windows answer 429, and pass again once the window ends (a
 * fake clock moves it).
 */
const MINUTE = 60_000;
let offset = 0;
let h: Harness;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  h = await startTestApp(
    {
      uploadRateLimits: {
        fileUploads: { ip: { max: 4, windowMs: 10 * MINUTE }, user: { max: 2, windowMs: 5 * MINUTE } },
        conversationsImport: { ip: { max: 100, windowMs: MINUTE }, user: { max: 1, windowMs: MINUTE } },
      },
    },
    { clock: () => Date.now() + offset },
  );
  alice = await registerUser(h.url, 'Alice');
  bob = await registerUser(h.url, 'Bob');
});
afterAll(() => h.close());

/** Posts a multipart body with a `field` part that is not an image (refused after the limits). */
async function post(user: TestUser, path: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob(['[]'], { type: 'application/json' }), 'x.json');
  const res = await fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ApiErrorBody & { jobId?: string } };
}

/**
 * Posts an import and, when it was taken, waits for its job to end: one user may have one import
 * running (IMPORT_MAX_ACTIVE_JOBS), and on a PostgreSQL server a job outlives its request.
 */
async function importOnce(user: TestUser, url = h.url) {
  const form = new FormData();
  form.append('file', new Blob(['[]'], { type: 'application/json' }), 'x.json');
  const res = await fetch(`${url}/api/convos/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const body = (await res.json()) as ApiErrorBody & { jobId?: string };
  if (res.status === 201) {
    for (;;) {
      const job = (await (
        await fetch(`${url}/api/convos/import/jobs/${body.jobId}`, {
          headers: { authorization: `Bearer ${user.token}` },
        })
      ).json()) as { status: string };
      if (job.status === 'completed' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return { status: res.status, body };
}

describe('rateLimits.fileUploads', () => {
  it("refuses a user's upload past userMax and an address's past ipMax with 429, until the window ends", async () => {
    const first = await post(alice, '/api/files/images');
    expect(first.status).not.toBe(429);
    expect((await post(alice, '/api/files/images/avatar', 'input')).status).not.toBe(429);
    const third = await post(alice, '/api/files/images');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      code: 'too_many_requests',
      message: uploadLimitText('fileUploads', 5),
    });

    // Bob has his own count, but shares the address: its fourth request passes, the fifth not.
    expect((await post(bob, '/api/files/images')).status).not.toBe(429);
    const overAddress = await post(bob, '/api/files/images');
    expect(overAddress.status).toBe(429);
    expect(overAddress.body.message).toBe(uploadLimitText('fileUploads', 10));

    // The user's window ends at 5 minutes, the address's at 10.
    offset = 6 * MINUTE;
    expect((await post(alice, '/api/files/images')).status).toBe(429);
    offset = 11 * MINUTE;
    expect((await post(alice, '/api/files/images')).status).not.toBe(429);
  });
});

describe('rateLimits.conversationsImport', () => {
  it('refuses a second import within the minute, and counts apart from uploads', async () => {
    expect((await importOnce(bob)).status).toBe(201);
    const again = await importOnce(bob);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(uploadLimitText('conversationsImport', 1));
    offset += 2 * MINUTE;
    expect((await importOnce(bob)).status).toBe(201);
  });
});

describe('without rateLimits', () => {
  it('limits neither', async () => {
    const open = await startTestApp();
    try {
      const carol = await registerUser(open.url, 'Carol');
      for (let i = 0; i < 5; i++) {
        expect((await importOnce(carol, open.url)).status).toBe(201);
      }
    } finally {
      await open.close();
    }
  });
});
