import type { AppContext } from '../../app-context.js';

/**
 * Sessions refreshed by their device after this instant are open; older ones have ended (the device died or
 * lost the network without closing it). TRACKER_SESSION_TIMEOUT_S; decision 0036.
 */
export function sessionAliveSince(ctx: Pick<AppContext, 'config'>, now = Date.now()): Date {
  return new Date(now - ctx.config.trackers.sessionTimeoutMs);
}
