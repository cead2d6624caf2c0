import { createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real, certified OpenID provider (`oidc-provider`) on loopback for the SSO tests, with a login and consent
 * page of its own. It listens behind a small front server (the issuer's address) that passes every request
 * through unchanged, except when a test asks it to tamper with the ID token of the next token answers, to
 * prove the app refuses them. `rotateKeys()` replaces the signing key (a new `kid`).
 */

export interface TestAccount {
  email: string;
  password: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

/** How the front server changes the ID token of token answers (re-signed with the provider's own key unless `bad-signature`). */
export type IdTokenTamper = 'none' | 'bad-signature' | 'expired' | 'wrong-audience' | 'wrong-nonce' | 'wrong-issuer';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts that can sign in at the provider, by email. */
  accounts: Map<string, TestAccount>;
  addAccount(account: TestAccount): void;
  /** Tamper with the ID tokens the token endpoint returns from now on ('none' to stop). */
  setTamper(mode: IdTokenTamper): void;
  /** Sign with a new key from now on; the old key is no longer published. */
  rotateKeys(): void;
  /** The key id currently signing ID tokens. */
  currentKid(): string;
  stop(): Promise<void>;
}

type Jwk = Record<string, unknown> & { kid: string };

function newSigningKey(): Jwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;background:#eef1f5;display:flex;justify-content:center;padding-top:60px}
main{background:#fff;padding:32px;border-radius:8px;width:340px;box-shadow:0 2px 8px #0002}
h1{font-size:20px;margin:0 0 16px}label{display:block;margin:12px 0 4px;font-size:14px}
input{width:100%;padding:8px;box-sizing:border-box}button{margin-top:20px;padding:10px 16px;font-size:15px}
.error{color:#b00020}</style></head><body><main><p style="color:#555;font-size:13px">Test identity provider (oidc-provider)</p>${body}</main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startTestOidcProvider(options: { redirectUris: string[] }): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  const clientId = 'gprhub-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const cookieKeys = [randomBytes(16).toString('hex')];
  let key = newSigningKey();
  let tamper: IdTokenTamper = 'none';

  const front = createServer();
  const inner = createServer();
  const frontPort = await listen(front);
  const innerPort = await listen(inner);
  const issuer = `http://127.0.0.1:${frontPort}`;

  const build = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [key] },
      cookies: { keys: cookieKeys },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            name: [account.givenName, account.familyName].filter(Boolean).join(' ') || account.email,
            given_name: account.givenName,
            family_name: account.familyName,
          }),
        };
      },
    });
  let provider = build();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (req.method === 'GET') {
      if (details.prompt.name === 'login') {
        res.end(
          page(
            'Sign in',
            `<h1>Sign in</h1><form method="post" action="/interaction/${uid}/login">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(String(details.params.login_hint ?? ''))}">
<label for="password">Password</label><input id="password" name="password" type="password">
<button type="submit" id="idp-sign-in">Sign in</button></form>`,
          ),
        );
      } else {
        res.end(
          page(
            'Allow access',
            `<h1>Allow GPR Hub to know who you are?</h1><p>GPR Hub asks for your email address and name.</p>
<form method="post" action="/interaction/${uid}/confirm"><button type="submit" id="idp-allow">Allow</button></form>`,
          ),
        );
      }
      return;
    }
    if (action === 'login') {
      const form = await readForm(req);
      const account = accounts.get((form.get('email') ?? '').toLowerCase());
      if (!account || account.password !== form.get('password')) {
        res.statusCode = 200;
        res.end(page('Sign in', `<h1>Sign in</h1><p class="error" id="idp-error">Wrong email or password</p><a href="/interaction/${uid}">Try again</a>`));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: account.email } }, { mergeWithLastSubmission: false });
      return;
    }
    if (action === 'confirm') {
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error('no session at consent');
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId: String(details.params.client_id) }))
        : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      const missingScope = details.prompt.details.missingOIDCScope as string[] | undefined;
      if (missingScope) grant.addOIDCScope(missingScope.join(' '));
      const missingClaims = details.prompt.details.missingOIDCClaims as string[] | undefined;
      if (missingClaims) grant.addOIDCClaims(missingClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    res.statusCode = 404;
    res.end('not found');
  }

  inner.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([^/?]+)(?:\/(login|confirm))?/.exec(req.url ?? '');
    if (match) {
      interaction(req, res, match[1]!, match[2]).catch((error: unknown) => {
        res.statusCode = 400;
        res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      return;
    }
    provider.callback()(req, res);
  });

  function tamperIdToken(idToken: string): string {
    const [header, payload, signature] = idToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (tamper === 'bad-signature') {
      // Another email, and the provider's signature left as it was: the signature no longer matches.
      return `${header}.${b64({ ...claims, email: 'intruder@' + String(claims.email).split('@')[1] })}.${signature}`;
    }
    const now = Math.floor(Date.now() / 1000);
    if (tamper === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    if (tamper === 'wrong-audience') claims.aud = 'another-client';
    if (tamper === 'wrong-nonce') claims.nonce = 'not-the-nonce-the-app-sent';
    if (tamper === 'wrong-issuer') claims.iss = 'https://impostor.example.com';
    const signingInput = `${header}.${b64(claims)}`;
    const resigned = sign('sha256', Buffer.from(signingInput), createPrivateKey({ key: key as never, format: 'jwk' }));
    return `${signingInput}.${resigned.toString('base64url')}`;
  }

  // The front server: the issuer's address. Passes everything to the provider (Host header kept, so its
  // addresses name the front), and tampers with token answers when asked.
  front.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const isToken = req.method === 'POST' && (req.url ?? '').startsWith('/token');
        if (!isToken || tamper === 'none') {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          try {
            const json = JSON.parse(body.toString('utf8')) as { id_token?: string };
            if (json.id_token) body = Buffer.from(JSON.stringify({ ...json, id_token: tamperIdToken(json.id_token) }));
          } catch {
            /* not JSON: pass unchanged */
          }
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    upstream.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(upstream);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    addAccount: (account) => accounts.set(account.email.toLowerCase(), account),
    setTamper: (mode) => {
      tamper = mode;
    },
    rotateKeys: () => {
      // A new instance with the new key; sessions and grants live in oidc-provider's shared memory store.
      key = newSigningKey();
      provider = build();
    },
    currentKid: () => key.kid,
    stop: async () => {
      await Promise.all([front, inner].map((s) => new Promise<void>((resolve) => { s.closeAllConnections(); s.close(() => resolve()); })));
    },
  };
}
