// Server state (TanStack Query): the client, its provider, and the two list shapes the screens use.
export { queryClient } from './query-client';
export { ServerStateScope } from './server-state';
export { useServerList, type ServerList, type ListPage } from './use-server-list';
export { useServerValue, type ServerValue } from './use-server-value';
