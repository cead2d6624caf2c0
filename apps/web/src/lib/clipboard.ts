/** Copy text, failing with the spec's message where the Clipboard API is missing (non-secure pages). */
export async function copyToClipboard(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText)
    throw new Error('Clipboard API not available');
  await navigator.clipboard.writeText(text);
}
