import ChatBubbleOutlineRoundedIcon from '@mui/icons-material/ChatBubbleOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Comment } from '@gprhub/contract';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { authClient } from '../../auth/auth-client';
import { useAddComment, useComments, useDeleteComment, useEditComment } from '../node-details-api';
import { EmptyState } from '../empty-state';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

/** The Comments tab: the node's comments, oldest first (refreshed every 10 s), and a composer. */
export function CommentsTab({ nodeId }: { nodeId: string }) {
  const comments = useComments(nodeId);
  const add = useAddComment(nodeId);
  const edit = useEditComment(nodeId);
  const remove = useDeleteComment(nodeId);
  const session = authClient.useSession();
  const userId = session.data?.user.id;
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const list = comments.data?.comments;
  const count = list?.length ?? 0;
  const lastCount = useRef(count);

  // Follow the conversation: scroll to the newest comment when one arrives.
  useEffect(() => {
    if (count > lastCount.current) endRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    lastCount.current = count;
  }, [count]);

  return (
    <Box data-testid="comments-tab">
      {comments.isPending && (
        <Stack spacing={2} sx={{ mb: 2 }}>
          {[0, 1].map((i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1.25 }}>
              <Skeleton variant="circular" width={28} height={28} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="40%" />
                <Skeleton variant="rounded" height={48} />
              </Box>
            </Box>
          ))}
        </Stack>
      )}
      {comments.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Comments could not be loaded: {comments.error.message}
        </Alert>
      )}
      {list && list.length === 0 && (
        <EmptyState icon={<ChatBubbleOutlineRoundedIcon />} testId="comments-empty">
          No comments yet
        </EmptyState>
      )}
      {list && list.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0, mb: 2.5 }} data-testid="comments-list">
          {list.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              isOwn={Boolean(userId) && comment.ownerId === userId}
              onEdit={(content) => edit.mutateAsync({ id: comment.id, content })}
              onDelete={() => setToDelete(comment)}
            />
          ))}
        </Stack>
      )}
      <div ref={endRef} />
      <CommentForm
        submitLabel="Comment"
        placeholder="Write a comment…"
        onSubmit={(content) => add.mutateAsync({ content, ...(userId ? { ownerId: userId } : {}) })}
        testId="comment-composer"
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete comment"
        testId="delete-comment-dialog"
        onClose={() => setToDelete(null)}
        onConfirm={() => remove.mutateAsync(toDelete!.id)}
      >
        Are you sure you want to delete this comment? This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
