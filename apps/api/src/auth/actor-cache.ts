import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ExpiringMap } from '../lib/bounded-map.js';
import type { Actor } from './actor.js';

/**
 * Verified credentials, remembered briefly (docs/decisions/0033-load-path.md): resolving an actor costs a
 * session lookup (or a key lookup and its last-used write) and a membership query on every request. An entry
 * is keyed by a SHA-256 of everything the answer depends on (the Authorization and Cookie headers and the
 * organization asked for), so a different credential or organization is a different entry and no secret is
 * kept in memory as such. It lives at most `ttlMs` (AUTH_CACHE_S) and never past the session's or key's own
 * expiry. Within the process, every change that can end a credential or a membership (any non-GET call to
 * /api/auth/*: sign-out, member removal, role change, organization deletion; revoking a tenant key) clears the
 * cache at once; other app processes see the change within `ttlMs`. Only successes are kept.
 */
export class ActorCache {
  private readonly entries: ExpiringMap<Actor>;
  /** Resolutions under way by key (docs/decisions/0052); `entries.generation` counts the clears. */
  private readonly inFlight = new Map<string, Promise<Actor>>();

  constructor(
    private readonly ttlMs: number,
    maxEntries = 10_000,
  ) {
    this.entries = new ExpiringMap<Actor>(maxEntries);
  }

  /** The cache key of a request's credentials and wanted organization; undefined when caching is off. */
  keyOf(request: FastifyRequest, wantedOrganization: string | undefined): string | undefined {
    if (this.ttlMs <= 0) return undefined;
    const { authorization, cookie } = request.headers;
    if (!authorization && !cookie) return undefined;
    return createHash('sha256')
      .update(`${authorization ?? ''}\n${cookie ?? ''}\n${wantedOrganization ?? ''}`)
      .digest('base64url');
  }

  get(key: string | undefined): Actor | undefined {
    return key === undefined ? undefined : this.entries.get(key);
  }

  /** Remember an actor until `ttlMs` from now, or the credential's own expiry if sooner. */
  set(key: string | undefined, actor: Actor, credentialExpiresAt?: Date | null): void {
    if (key === undefined) return;
    this.entries.set(
      key,
      actor,
      Math.min(Date.now() + this.ttlMs, credentialExpiresAt?.getTime() ?? Infinity),
    );
  }

  /**
   * The actor for `key`: remembered, or resolved by `load` once for all the requests that ask meanwhile. When an
   * entry expires under load, 50 concurrent requests with the same credentials would otherwise each look the
   * session up again (a stall of the whole server every AUTH_CACHE_S). A resolution that a clear overtook is
   * neither remembered nor joined by requests that arrive after the clear.
   */
  async resolve(
    key: string | undefined,
    load: () => Promise<{ actor: Actor; expiresAt?: Date | null }>,
  ): Promise<Actor> {
    const cached = this.get(key);
    if (cached) return cached;
    if (key === undefined) return (await load()).actor;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.entries.generation;
    const promise = load()
      .then(({ actor, expiresAt }) => {
        if (generation === this.entries.generation) this.set(key, actor, expiresAt);
        return actor;
      })
      .finally(() => {
        if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
      });
    this.inFlight.set(key, promise);
    return promise;
  }

  /** Forget every entry and every resolution under way: a credential or a membership may have ended. */
  clear(): void {
    this.entries.clear();
    this.inFlight.clear();
  }
}
