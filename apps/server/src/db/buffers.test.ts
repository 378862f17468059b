import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SHARED_BUFFERS, sharedBuffersMb, storeBytes } from './buffers.js';

const MIB = 1024 * 1024;

describe('shared buffers by the store', () => {
  it('are an eighth of the store, in whole MB, between the least and the most', () => {
    expect(sharedBuffersMb(0)).toBe(SHARED_BUFFERS.minMb);
    expect(sharedBuffersMb(23 * MIB)).toBe(8); // a new store: catalogs and migrations
    expect(sharedBuffersMb(64 * MIB)).toBe(8);
    expect(sharedBuffersMb(64 * MIB + 1)).toBe(9);
    expect(sharedBuffersMb(128 * MIB)).toBe(16);
    expect(sharedBuffersMb(256 * MIB)).toBe(32);
    expect(sharedBuffersMb(512 * MIB)).toBe(64);
    expect(sharedBuffersMb(8 * 1024 * MIB)).toBe(SHARED_BUFFERS.maxMb);
  });

  const dir = mkdtempSync(join(tmpdir(), 'chat-buffers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('count the files under base/, at any depth, and nothing outside it', () => {
    mkdirSync(join(dir, 'base', '5'), { recursive: true });
    writeFileSync(join(dir, 'base', '5', '1259'), Buffer.alloc(3000));
    writeFileSync(join(dir, 'base', '5', '1259_fsm'), Buffer.alloc(500));
    writeFileSync(join(dir, 'base', 'PG_VERSION'), '17');
    mkdirSync(join(dir, 'pg_wal'));
    writeFileSync(join(dir, 'pg_wal', '000000010000000000000001'), Buffer.alloc(9000));
    expect(storeBytes(dir)).toBe(3502);
  });

  it('are the least for a store not made yet', () => {
    expect(storeBytes(join(dir, 'missing'))).toBe(0);
  });
});
