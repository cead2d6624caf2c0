import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NODE_TYPE_LABELS } from '@gprhub/contract';
import type { NodeType } from '@gprhub/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode, Ref, UIEvent } from 'react';
import { useMemo, useState } from 'react';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey } from '../../api/use-api-query';
import { fetchNodes, NODES } from '../nodes/nodes-api';
import { NodeTypeIcon } from '../nodes/node-type-icon';
import type { NodeOption, NodeSearchSort } from './node-search-query';
import {
  buildNodeSearchQuery,
  matchesTopLevel,
  NODE_SEARCH_DEBOUNCE_MS,
  NODE_SEARCH_PAGE_SIZE,
  TOP_LEVEL_OPTION,
} from './node-search-query';
import { useDebouncedValue } from '../nodes/use-debounced-value';

export interface NodeSearchFieldProps {
  value: NodeOption | null;
  onChange: (value: NodeOption | null) => void;
  onBlur?: () => void;
  label: string;
  placeholder?: string;
  /** Only nodes of these types (e.g. folders). */
  types?: readonly NodeType[];
  /** Nodes never offered (e.g. the node being moved). */
  excludeNodeIds?: readonly string[];
  /** Offer 'Top level' (the root) as the first option. */
  includeTopLevel?: boolean;
  sort?: NodeSearchSort;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

const optionKey = (option: NodeOption) => option.nodeId ?? 'top-level';

/**
 * Pick a node by name: an Autocomplete over `GET /api/nodes/query`, 10 nodes a page (more load as
 * the list is scrolled), searching 500 ms after the user stops typing.
 */
export function NodeSearchField({
  value,
  onChange,
  onBlur,
  label,
  placeholder = 'Type to search',
  types,
  excludeNodeIds,
  includeTopLevel = false,
  sort = 'createdAt',
  error,
  helperText,
  disabled,
  autoFocus,
  inputRef,
  testId = 'node-search-field',
}: NodeSearchFieldProps) {
  const organization = useOrganizationSlug();
  const [isOpen, setIsOpen] = useState(false);
  const [inputValue, setInputValue] = useState('');
  // While the input shows the picked node, list everything rather than that one name.
  const typed = value && inputValue === value.name ? '' : inputValue;
  const text = useDebouncedValue(typed, NODE_SEARCH_DEBOUNCE_MS);
  const baseQuery = useMemo(
    () => buildNodeSearchQuery({ text, types, excludeNodeIds, sort }),
    [text, types, excludeNodeIds, sort],
  );
  const search = useInfiniteQuery({
    queryKey: orgQueryKey(organization, NODES, 'search', baseQuery),
    queryFn: ({ pageParam, signal }) =>
      fetchNodes({ ...baseQuery, skip: pageParam * NODE_SEARCH_PAGE_SIZE }, { organization, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      pages.length * NODE_SEARCH_PAGE_SIZE < last.total ? pages.length : undefined,
    enabled: isOpen,
    placeholderData: keepPreviousData,
  });

  const options = useMemo(() => {
    const found: NodeOption[] = (search.data?.pages ?? []).flatMap((page) =>
      page.nodes.map(({ nodeId, name, type }) => ({ nodeId, name, type })),
    );
    return includeTopLevel && matchesTopLevel(text) ? [TOP_LEVEL_OPTION, ...found] : found;
  }, [search.data, includeTopLevel, text]);
  const total = search.data?.pages.at(-1)?.total;
  const isSearching = search.isFetching || typed !== text;

  return (
    <Autocomplete<NodeOption, false, boolean, false>
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={inputValue}
      onInputChange={(_event, next) => setInputValue(next)}
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      onBlur={onBlur}
      options={options}
      // The server filters: show what it answered.
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.nodeId === selected.nodeId}
      getOptionKey={optionKey}
      disableClearable={includeTopLevel}
      disabled={disabled}
      loading={isSearching}
      loadingText="Searching…"
      noOptionsText={text ? `Nothing matches “${text}”` : 'Nothing to pick yet'}
      autoHighlight
      data-testid={testId}
      renderOption={({ key, ...props }, option) => (
        <Box
          component="li"
          key={key}
          {...props}
          data-testid={`${testId}-option-${optionKey(option)}`}
          sx={{ display: 'flex', gap: 1.25, alignItems: 'center' }}
        >
          <NodeTypeIcon type={option.type} fontSize="small" />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {option.name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {option.nodeId ? NODE_TYPE_LABELS[option.type] : 'The top of the hub'}
            </Typography>
          </Box>
        </Box>
      )}
      slotProps={{
        listbox: {
          onScroll: (event: UIEvent<HTMLElement>) => {
            const list = event.currentTarget;
            const isNearEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 48;
            if (isNearEnd && search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage();
          },
        },
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          error={error}
          autoFocus={autoFocus}
          inputRef={inputRef}
          helperText={
            helperText ??
            (isOpen && total !== undefined && total > options.length
              ? `Showing ${options.length - (options[0] === TOP_LEVEL_OPTION ? 1 : 0)} of ${total}: scroll or type to narrow`
              : undefined)
          }
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: value ? (
                <NodeTypeIcon type={value.type} fontSize="small" sx={{ ml: 0.5, mr: 0.25 }} />
              ) : undefined,
              endAdornment: (
                <>
                  {isOpen && isSearching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
