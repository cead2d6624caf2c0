/**
 * The zip's file map as a tree of folders, and which paths the user may include or skip. Pure, so the review
 * list stays a thin view.
 */
import type { FileMapEntry } from '@gprhub/contract';

/** Kinds the import reads (and so the user may skip); `unknown` and `skipped` are ignored anyway. */
const SELECTABLE = new Set<FileMapEntry['kind']>([
  'segy-line',
  'scan',
  'area-csv',
  'metadata-csv',
  'sidecar',
  'error',
]);

/** Whether the user can choose to include or skip this entry. */
export const isSelectable = (entry: FileMapEntry) => SELECTABLE.has(entry.kind);

export interface FileTreeFolder {
  kind: 'folder';
  path: string;
  name: string;
  depth: number;
  /** Selectable file paths anywhere below. */
  selectablePaths: string[];
}

export interface FileTreeFile {
  kind: 'file';
  entry: FileMapEntry;
  name: string;
  depth: number;
}

export type FileTreeRow = FileTreeFolder | FileTreeFile;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The rows of the tree in display order: each folder followed by its contents (folders first, then files). */
export function buildFileTree(entries: readonly FileMapEntry[]): FileTreeRow[] {
  interface Folder {
    name: string;
    path: string;
    folders: Map<string, Folder>;
    files: FileMapEntry[];
  }
  const root: Folder = { name: '', path: '', folders: new Map(), files: [] };
  for (const entry of entries) {
    if (entry.kind === 'directory') continue;
    const parts = entry.path.split('/').filter(Boolean);
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { name: part, path: `${folder.path}${part}/`, folders: new Map(), files: [] };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(entry);
  }
  const rows: FileTreeRow[] = [];
  const walk = (folder: Folder, depth: number): string[] => {
    const selectable: string[] = [];
    for (const child of [...folder.folders.values()].sort((a, b) => collator.compare(a.name, b.name))) {
      const row: FileTreeFolder = {
        kind: 'folder',
        path: child.path,
        name: child.name,
        depth,
        selectablePaths: [],
      };
      rows.push(row);
      row.selectablePaths = walk(child, depth + 1);
      selectable.push(...row.selectablePaths);
    }
    for (const entry of [...folder.files].sort((a, b) => collator.compare(a.path, b.path))) {
      rows.push({ kind: 'file', entry, name: entry.path.split('/').pop() ?? entry.path, depth });
      if (isSelectable(entry)) selectable.push(entry.path);
    }
    return selectable;
  };
  walk(root, 0);
  return rows;
}

/** The paths skipped at first: entries the reader could not read (importing them would fail the import). */
export function defaultSkippedPaths(entries: readonly FileMapEntry[]): string[] {
  return entries.filter((e) => e.kind === 'error').map((e) => e.path);
}
