import { describe, expect, it } from 'vitest';
import { buildNodeSearchQuery, matchesTopLevel, NODE_SEARCH_PAGE_SIZE } from './node-search-query';

const ID = '0b6f7f4e-5d1c-4b7a-9a51-3f1f1d9c2a10';

describe('node search query', () => {
  it('asks for 10 nodes, newest first, by default', () => {
    expect(buildNodeSearchQuery({ text: '  ' })).toEqual({
      filter: {},
      limit: NODE_SEARCH_PAGE_SIZE,
      skip: 0,
      sort: { field: 'createdAt', direction: 'desc' },
    });
    expect(NODE_SEARCH_PAGE_SIZE).toBe(10);
  });

  it('filters by name, types and excluded ids, pages, and sorts by name A to Z', () => {
    expect(
      buildNodeSearchQuery({
        text: ' bridge ',
        types: ['FOLDER'],
        excludeNodeIds: [ID],
        sort: 'name',
        page: 2,
      }),
    ).toEqual({
      filter: { name: 'bridge', type: 'FOLDER', nodeIdNotIn: [ID] },
      limit: 10,
      skip: 20,
      sort: { field: 'name', direction: 'asc' },
    });
    expect(buildNodeSearchQuery({ text: '', types: ['GPR_SCAN', 'FOLDER'] }).filter).toEqual({
      typeIn: ['GPR_SCAN', 'FOLDER'],
    });
  });

  it('offers the top level while the text matches it', () => {
    expect(matchesTopLevel('')).toBe(true);
    expect(matchesTopLevel('top')).toBe(true);
    expect(matchesTopLevel('bridge')).toBe(false);
  });
});
