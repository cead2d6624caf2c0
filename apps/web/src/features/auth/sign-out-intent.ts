/**
 * Whether this tab signed out on purpose. After a sign-out the sign-in page must not offer to go
 * back to the page the user was on: that link names the previous user's organization, which the
 * next user to sign in may not belong to. Cleared when the sign-in or sign-up page opens.
 */
let hasSignedOut = false;

export function markSignedOut(): void {
  hasSignedOut = true;
}

export function clearSignedOut(): void {
  hasSignedOut = false;
}

export function wasSignedOut(): boolean {
  return hasSignedOut;
}
