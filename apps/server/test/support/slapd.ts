import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';
import { freePort } from './net.js';

const SLAPD = '/usr/sbin/slapd';
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIR = '/usr/lib/ldap';

/** A person in the directory: a uid under ou=people, with the password given. */
interface DirectoryPerson {
  uid: string;
  password: string;
  mail?: string;
  cn: string;
  sn: string;
  givenName?: string;
  displayName?: string;
}

export interface Slapd {
  url: string;
  /** With `tls`: the ldaps:// address, its authority's certificate, and another authority's. */
  ldapsUrl?: string;
  caCertPath?: string;
  otherCaCertPath?: string;
  suffix: string;
  adminDN: string;
  adminPassword: string;
  peopleBase: string;
  addPerson(person: DirectoryPerson): Promise<string>;
  stop(): Promise<void>;
}

/** `{SSHA}` of a password, as slappasswd writes it, so no clear password sits in the directory. */
function ssha(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash('sha1').update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

/**
 * A real OpenLDAP server (Debian's slapd) of its own: its configuration and database in a temporary
 * folder, on a free port of 127.0.0.1, never the system's service. Without slapd the tests fail
 * (they skip nothing): install it with `apt-get install -y slapd`.
 */
const run = promisify(execFile);

/** A certificate authority, and a certificate it signs for 127.0.0.1 (openssl, a day long). */
async function makeCertificates(dir: string) {
  const at = (name: string) => join(dir, name);
  const authority = async (name: string) =>
    run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      at(`${name}.key`),
      '-out',
      at(`${name}.pem`),
    ]);
  try {
    await authority('test-ca');
    await authority('other-ca');
    await run('openssl', [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      at('server.key'),
      '-out',
      at('server.csr'),
    ]);
    await writeFile(at('ext.cnf'), 'subjectAltName=IP:127.0.0.1\n');
    await run('openssl', [
      'x509',
      '-req',
      '-in',
      at('server.csr'),
      '-CA',
      at('test-ca.pem'),
      '-CAkey',
      at('test-ca.key'),
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      at('ext.cnf'),
      '-out',
      at('server.pem'),
    ]);
  } catch (err) {
    throw new Error(
      `openssl could not make the test certificates (apt-get install -y openssl): ${String(err)}`,
    );
  }
  return { ca: at('test-ca.pem'), other: at('other-ca.pem'), cert: at('server.pem'), key: at('server.key') };
}

export async function startSlapd(opts: { tls?: boolean } = {}): Promise<Slapd> {
  if (!existsSync(SLAPD) || !existsSync(join(SCHEMA_DIR, 'inetorgperson.schema'))) {
    throw new Error(`slapd is not installed (${SLAPD}): run apt-get install -y slapd ldap-utils`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'slapd-'));
  await mkdir(join(dir, 'db'));
  const suffix = 'dc=example,dc=org';
  const adminDN = `cn=admin,${suffix}`;
  const adminPassword = randomBytes(12).toString('hex');
  const certs = opts.tls ? await makeCertificates(dir) : undefined;
  const conf = [
    ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include ${SCHEMA_DIR}/${s}.schema`),
    `pidfile ${join(dir, 'slapd.pid')}`,
    ...(certs
      ? [
          `TLSCACertificateFile ${certs.ca}`,
          `TLSCertificateFile ${certs.cert}`,
          `TLSCertificateKeyFile ${certs.key}`,
        ]
      : []),
    `modulepath ${MODULE_DIR}`,
    'moduleload back_mdb',
    'database mdb',
    `suffix "${suffix}"`,
    `rootdn "${adminDN}"`,
    `rootpw ${ssha(adminPassword)}`,
    `directory ${join(dir, 'db')}`,
    'maxsize 10485760',
    // Passwords only for binding; everything else readable by whoever bound (the search account).
    'access to attrs=userPassword by anonymous auth by * none',
    'access to * by users read by anonymous auth',
    '',
  ].join('\n');
  await writeFile(join(dir, 'slapd.conf'), conf);
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = certs ? `ldaps://127.0.0.1:${await freePort()}` : undefined;
  const listen = [`${url}/`, ...(ldapsUrl ? [`${ldapsUrl}/`] : [])].join(' ');
  const child: ChildProcess = spawn(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', listen, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const admin = new Client({ url, timeout: 5_000, connectTimeout: 1_000 });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await admin.bind(adminDN, adminPassword);
      break;
    } catch (err) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill();
        await rm(dir, { recursive: true, force: true });
        throw new Error(`slapd did not start: ${String(err)}\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const peopleBase = `ou=people,${suffix}`;
  await admin.add(suffix, { objectClass: ['top', 'dcObject', 'organization'], dc: 'example', o: 'Example' });
  await admin.add(peopleBase, { objectClass: ['top', 'organizationalUnit'], ou: 'people' });

  return {
    url,
    ...(certs && ldapsUrl ? { ldapsUrl, caCertPath: certs.ca, otherCaCertPath: certs.other } : {}),
    suffix,
    adminDN,
    adminPassword,
    peopleBase,
    async addPerson(p) {
      const dn = `uid=${p.uid},${peopleBase}`;
      const { password, ...attributes } = p;
      const values = Object.fromEntries(
        Object.entries(attributes).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      await admin.add(dn, { objectClass: ['top', 'inetOrgPerson'], ...values, userPassword: ssha(password) });
      return dn;
    },
    async stop() {
      await admin.unbind().catch(() => undefined);
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
