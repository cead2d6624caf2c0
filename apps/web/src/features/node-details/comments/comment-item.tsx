import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Comment } from '@gprhub/contract';
import { useState } from 'react';
import { MarkdownContent } from '../../../components/markdown-content';
import { formatDateShort, formatDateTime } from '../../../lib/format-date';
import { personName, UserAvatar } from '../user-avatar';
import { CommentForm } from './comment-form';

export interface CommentItemProps {
  comment: Comment;
  /** Whether the signed-in user wrote it: only then can it be edited or deleted. */
  isOwn: boolean;
  onEdit: (content: string) => Promise<unknown>;
  onDelete: () => void;
}

/** One comment: avatar, author, date, markdown; Edit and Delete for its author. */
export function CommentItem({ comment, isOwn, onEdit, onDelete }: CommentItemProps) {
  const [isEditing, setIsEditing] = useState(false);
  const author = personName(comment.author);
  const isEdited = new Date(comment.updatedAt).getTime() - new Date(comment.createdAt).getTime() > 1000;

  return (
    <Box
      component="li"
      data-testid={`comment-${comment.id}`}
      data-own={isOwn}
      sx={{
        display: 'flex',
        gap: 1.25,
        listStyle: 'none',
        '&:hover .comment-actions, &:focus-within .comment-actions': { opacity: 1 },
      }}
    >
      <Box sx={{ pt: 0.25 }}>
        <UserAvatar id={comment.ownerId} person={comment.author} image={comment.author.image} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minHeight: 28 }}>
          <Box
            sx={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'baseline',
              columnGap: 0.75,
            }}
          >
            <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }} data-testid="comment-author">
              {author}
            </Typography>
            <Tooltip title={formatDateTime(comment.createdAt)}>
              <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {formatDateShort(comment.createdAt)}
                {isEdited ? ' · edited' : ''}
              </Typography>
            </Tooltip>
          </Box>
          {isOwn && !isEditing && (
            <Box
              className="comment-actions"
              sx={{ display: 'flex', opacity: { xs: 1, md: 0 }, transition: 'opacity 120ms', mr: -0.5 }}
            >
              <Tooltip title="Edit comment">
                <IconButton
                  size="small"
                  aria-label="Edit comment"
                  onClick={() => setIsEditing(true)}
                  data-testid={`comment-edit-${comment.id}`}
                >
                  <EditRoundedIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete comment">
                <IconButton
                  size="small"
                  aria-label="Delete comment"
                  onClick={onDelete}
                  data-testid={`comment-delete-${comment.id}`}
                  sx={{ '&:hover': { color: 'error.main' } }}
                >
                  <DeleteOutlineRoundedIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </Tooltip>
            </Box>
          )}
        </Box>
        {isEditing ? (
          <Box sx={{ mt: 0.5 }}>
            <CommentForm
              initialContent={comment.content}
              submitLabel="Save"
              autoFocus
              onSubmit={async (content) => {
                await onEdit(content);
                setIsEditing(false);
              }}
              onCancel={() => setIsEditing(false)}
              testId="comment-edit-form"
            />
          </Box>
        ) : (
          <Box
            sx={(theme) => ({
              mt: 0.25,
              px: 1.5,
              py: 1,
              borderRadius: '4px 12px 12px 12px',
              bgcolor: isOwn
                ? `rgba(${theme.vars?.palette.primary.mainChannel ?? '23 115 74'} / 0.08)`
                : theme.vars?.palette.action.hover,
            })}
          >
            <MarkdownContent testId="comment-content">{comment.content}</MarkdownContent>
          </Box>
        )}
      </Box>
    </Box>
  );
}
