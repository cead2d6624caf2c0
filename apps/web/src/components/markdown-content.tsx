import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** Whether an image address is served by the app itself (a relative path or this origin). */
export function isOwnOriginImage(src: string | undefined, origin = window.location.origin): boolean {
  if (!src) return false;
  try {
    return new URL(src, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Links open in a new tab without handing the opener over. react-markdown's default URL transform
 * already drops `javascript:` and other unsafe protocols. Images from another origin are shown as a
 * link, never loaded: loading one would tell its server who reads the comment and from where (the
 * content-security policy blocks them too).
 */
const COMPONENTS: Components = {
  a: ({ node: _node, href, children, ...props }) => (
    <Link {...props} href={href} target="_blank" rel="noopener noreferrer" underline="hover">
      {children}
    </Link>
  ),
  img: ({ node: _node, alt, src, ...props }) =>
    typeof src === 'string' && isOwnOriginImage(src) ? (
      <img {...props} src={src} alt={alt ?? ''} loading="lazy" />
    ) : (
      <Link href={src as string | undefined} target="_blank" rel="noopener noreferrer" underline="hover" data-testid="external-image-link">
        <ImageOutlinedIcon sx={{ fontSize: '1.1em', verticalAlign: 'text-bottom', mr: 0.5 }} />
        {alt || String(src ?? 'image')}
      </Link>
    ),
};

const markdownSx: SxProps<Theme> = {
  fontSize: 14,
  lineHeight: 1.6,
  overflowWrap: 'anywhere',
  '& > :first-of-type': { mt: 0 },
  '& > :last-child': { mb: 0 },
  '& p, & ul, & ol, & pre, & blockquote, & table': { my: 1 },
  '& ul, & ol': { pl: 3 },
  '& ul': { listStyleType: 'disc' },
  '& ul ul': { listStyleType: 'circle' },
  '& li + li': { mt: 0.25 },
  '& h1, & h2, & h3, & h4, & h5, & h6': { fontSize: 15, fontWeight: 600, my: 1 },
  '& code': {
    fontFamily: MONO,
    fontSize: '0.88em',
    px: 0.5,
    py: 0.1,
    borderRadius: '6px',
    bgcolor: 'action.hover',
  },
  '& pre': { p: 1.25, borderRadius: '10px', bgcolor: 'action.hover', overflowX: 'auto' },
  '& pre code': { p: 0, bgcolor: 'transparent' },
  '& blockquote': { pl: 1.5, mx: 0, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' },
  '& img': { maxWidth: '100%', borderRadius: '8px' },
  '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider' },
};

/**
 * Markdown (with GitHub extensions: tables, task lists, strikethrough, autolinks) rendered as React
 * elements. Raw HTML is never interpreted: it shows as the text it is.
 */
export function MarkdownContent({ children, testId }: { children: string; testId?: string }) {
  return (
    <Box sx={markdownSx} data-testid={testId}>
      <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS}>
        {children}
      </Markdown>
    </Box>
  );
}
