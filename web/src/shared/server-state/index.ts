// Server state: the paged-list hook (plain React state, no library) and single values (TanStack
// Query: its client and provider). A first-screen route that lists (Browse) imports
// ./use-server-list itself, so the query client this index creates stays off its chunks.
export { queryClient } from './query-client';
export { ServerStateScope } from './server-state';
export {
  useServerList,
  type ServerList,
  type ListPage,
  type ListKey,
  type ServerListOptions,
} from './use-server-list';
export { useServerValue, type ServerValue } from './use-server-value';
