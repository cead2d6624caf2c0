import { COMMENT_MAX_LENGTH } from '@gprhub/contract';
import { z } from 'zod';

/** A comment's markdown as the composer and the editor check it. */
export const CommentFormSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Write something first')
    .max(COMMENT_MAX_LENGTH, `Use at most ${COMMENT_MAX_LENGTH.toLocaleString('en')} characters`),
});
export type CommentFormValues = z.infer<typeof CommentFormSchema>;
