import Avatar from '@mui/material/Avatar';

/** The spec's avatar size in comments. */
export const COMMENT_AVATAR_SIZE = 28;

export interface PersonName {
  name: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** First and last name when known, else the account name. */
export function personName({ name, firstName, lastName }: PersonName): string {
  return [firstName, lastName].filter(Boolean).join(' ').trim() || name;
}

/** Up to two initials of a name ('Ada Lovelace' → 'AL'). */
export function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

const HUES = [152, 200, 28, 262, 340, 96, 180, 8];

/** A stable colour per person, so that authors are told apart at a glance. */
function hueOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return HUES[Math.abs(hash) % HUES.length] ?? HUES[0]!;
}

/** A person's picture, or their initials on a colour of their own. */
export function UserAvatar({
  id,
  person,
  image,
  size = COMMENT_AVATAR_SIZE,
}: {
  id: string;
  person: PersonName;
  image?: string | null;
  size?: number;
}) {
  const name = personName(person);
  return (
    <Avatar
      src={image ?? undefined}
      alt={name}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        fontWeight: 600,
        color: '#fff',
        bgcolor: `hsl(${hueOf(id)} 45% 42%)`,
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
