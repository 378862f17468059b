import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider for tests: it reads the AuthnRequest the app sends the browser
 * with (HTTP-Redirect binding) and writes a Response as a real one would, signed with xml-crypto
 * (RSA-SHA256, exclusive C14N, enveloped) by the key of a real self-signed certificate.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/saml/${name}`, import.meta.url), 'utf8');

/** The provider's signing certificate (what SAML_CERT names) and key; a stranger's pair. */
export const IDP_CERT = fixture('idp-cert.pem');
const IDP_KEY = fixture('idp-key.pem');
export const OTHER_CERT = fixture('other-cert.pem');
export const OTHER_KEY = fixture('other-key.pem');
const IDP_ENTITY_ID = 'https://idp.example.test/metadata';

export interface AuthnRequest {
  id: string;
  issuer: string;
  acsUrl: string;
  destination: string;
  relayState: string;
}

/** The AuthnRequest of the redirect to the provider's entry point, and its RelayState. */
export function readAuthnRequest(location: URL): AuthnRequest {
  const encoded = location.searchParams.get('SAMLRequest');
  if (!encoded) throw new Error('no SAMLRequest in the redirect');
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attr('ID'),
    acsUrl: attr('AssertionConsumerServiceURL'),
    destination: attr('Destination'),
    issuer: /<(?:\w+:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
    relayState: location.searchParams.get('RelayState') ?? '',
  };
}

export interface ResponseSpec {
  /** The request answered (the Response's and the bearer confirmation's InResponseTo). */
  inResponseTo: string;
  audience: string;
  recipient: string;
  nameId: string;
  attributes?: Record<string, string | string[]>;
  /** The assertion's validity window; the test's clock decides "now". */
  now: Date;
  validForMs?: number;
  /** What is signed, and with which key (the provider's unless told). */
  sign: 'assertion' | 'response' | 'none';
  key?: string;
  cert?: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const newId = () => `_${randomBytes(16).toString('hex')}`;

function attributeXml(name: string, values: string | string[]): string {
  const list = Array.isArray(values) ? values : [values];
  return `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${list
    .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
    .join('')}</saml:Attribute>`;
}

function sign(xml: string, target: 'Assertion' | 'Response', key: string, cert: string): string {
  const element = `//*[local-name(.)='${target}']`;
  const signer = new SignedXml({
    privateKey: key,
    publicCert: cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: element,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  // The signature goes right after the element's Issuer, where the schema puts it.
  signer.computeSignature(xml, {
    location: { reference: `${element}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

/** A Response, base64 as the HTTP-POST binding carries it in the SAMLResponse field. */
export function samlResponse(spec: ResponseSpec): string {
  const iso = (d: Date) => d.toISOString();
  const now = spec.now;
  const until = new Date(now.getTime() + (spec.validForMs ?? 5 * 60_000));
  const attributes = Object.entries(spec.attributes ?? {})
    .map(([name, values]) => attributeXml(name, values))
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${newId()}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${IDP_ENTITY_ID}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${escapeXml(spec.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escapeXml(spec.inResponseTo)}" NotOnOrAfter="${iso(until)}" Recipient="${escapeXml(spec.recipient)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now)}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${escapeXml(spec.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion>`;
  let xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newId()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${escapeXml(spec.recipient)}" InResponseTo="${escapeXml(spec.inResponseTo)}">` +
    `<saml:Issuer>${IDP_ENTITY_ID}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`;
  const key = spec.key ?? IDP_KEY;
  const cert = spec.cert ?? IDP_CERT;
  if (spec.sign === 'assertion') xml = sign(xml, 'Assertion', key, cert);
  if (spec.sign === 'response') xml = sign(xml, 'Response', key, cert);
  return Buffer.from(xml, 'utf8').toString('base64');
}
