import { NODE_NAME_MAX } from '@gprhub/contract';
import { z } from 'zod';

/** A node name as forms check it (the API's rule: trimmed, 1 to 255 characters). */
export const NodeNameFieldSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(NODE_NAME_MAX, `Use at most ${NODE_NAME_MAX} characters`);

/** Check a typed name: the trimmed name, or the message to show. */
export function parseNodeName(
  input: string,
): { success: true; name: string } | { success: false; error: string } {
  const result = NodeNameFieldSchema.safeParse(input);
  if (result.success) return { success: true, name: result.data };
  return { success: false, error: result.error.issues[0]?.message ?? 'Name is required' };
}
