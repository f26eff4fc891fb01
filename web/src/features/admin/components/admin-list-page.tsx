/**
 * The one admin list page (Users, Notes, Pending Approvals, Colleges and a college's notes): a
 * title with an optional count badge, the search box and filters, the banners, the loading and
 * empty texts, the items (a table or cards) with their actions, "Show more", the item's detail
 * dialog and the confirmation before a destructive action. Each screen is data for it: its
 * texts, columns and actions.
 */
import { Badge, Button, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { Fragment, useState, type ReactNode } from 'react';
import { ErrorBanner, LoadingState } from '../../../shared/ui';
import type { ServerList } from '../../../shared/server-state';
import { bannerText, type AdminListTexts } from '../api/admin-model';
import type { SearchText } from '../hooks/use-searched-list';
import {
  ActionButton,
  AdminCard,
  ConfirmDialog,
  DataTable,
  PageTitle,
  SearchField,
  ShowMore,
  TONES,
  Table,
  type ReasonField,
  type Tone,
} from './admin-ui';

/** A table column: its header and what a row shows in it. */
export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** The row's name (the first column): set in a heavier weight. */
  strong?: boolean;
}

/**
 * An action on one item. `open` shows a form or view of it (nothing is sent); `send` asks the
 * server and then drops the item from the list ('remove') or shows the item the server saved
 * ('replace'); when it fails, the page's banner says `failure` with the server's reason.
 */
export type ListAction<T> = {
  /** The button's text; in a row or a card, the button is named "{label} {the item's name}". */
  label: string;
  tone?: Tone;
  disabled?: boolean;
  title?: string;
  /**
   * Asked first, in an alert dialog: its message and its confirming button, and optionally a
   * text field (`reason`) whose trimmed text `send` receives.
   */
  confirm?: { message: string; label: string; reason?: ReasonField };
} & (
  | { open: () => void }
  | { send: (reason?: string) => Promise<T>; then: 'replace'; failure: string }
  | { send: (reason?: string) => Promise<unknown>; then: 'remove'; failure: string }
);

/** How a list tells its items apart. */
export interface ListItems<T> {
  key: (item: T) => string;
  /** The attribute that carries the key on the item's row or card. */
  attribute: 'data-note-id' | 'data-user-id' | 'data-college';
  /** What the action buttons name the item by (its title, its username). */
  name?: (item: T) => string;
}

/** How the items are shown: a table's columns (plus "Actions"), or a card each. */
export type ListView<T> =
  | { columns: readonly Column<T>[] }
  | {
      card: (item: T) => ReactNode;
      /** The card leads somewhere (a college opens its notes): it is highlighted on hover. */
      clickable?: boolean;
    };

export interface AdminListPageProps<T> {
  /** The heading when not the texts' (a college's notes: "Notes from {college}"). */
  title?: string;
  /** A count badge beside the title once the list is in (e.g. "3 Notes Pending"). */
  badge?: (shown: number, hasMore: boolean) => string;
  /** A button above the title that leaves this list (a college's notes: back to all colleges). */
  back?: { label: string; onClick: () => void };
  /** More fields beside the search box, each in its own column; null leaves its place empty. */
  filters?: readonly ReactNode[];
  /** The list; with its search (`useSearchedList`) when the texts have a search box. */
  list: ServerList<T> & { search?: SearchText };
  texts: AdminListTexts;
  items: ListItems<T>;
  view: ListView<T>;
  actions?: (item: T) => ListAction<T>[];
  /** The item's detail dialog, opened by a "View" action before the others; it shows them too. */
  detail?: (item: T | null, onClose: () => void, actions: ReactNode) => ReactNode;
  /** The page's own dialogs (e.g. Edit User). */
  children?: ReactNode;
}

type Place = 'row' | 'card' | 'dialog';

export function AdminListPage<T>({
  badge,
  back,
  filters = [],
  list,
  texts,
  // After `texts`: a default can only read what is already bound.
  title = texts.title ?? '',
  items: { key: itemKey, attribute, name: itemName },
  view,
  actions,
  detail,
  children,
}: AdminListPageProps<T>) {
  const [failure, setFailure] = useState<string | null>(null);
  // The action under way (its item and label): its button shows a spinner.
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ action: ListAction<T>; item: T; open: boolean } | null>(
    null,
  );
  const [viewingKey, setViewingKey] = useState<string | null>(null);
  const { update } = list;
  const viewing = list.items.find((i) => itemKey(i) === viewingKey) ?? null;

  const run = async (action: ListAction<T>, item: T, reason?: string) => {
    if ('open' in action) return action.open();
    const key = itemKey(item);
    setFailure(null);
    // A confirmed action's spinner is the confirmation's own.
    if (!action.confirm) setBusy(`${key} ${action.label}`);
    try {
      if (action.then === 'replace') {
        const saved = await action.send(reason);
        update((list) => list.map((i) => (itemKey(i) === itemKey(saved) ? saved : i)));
      } else {
        await action.send(reason);
        update((list) => list.filter((i) => itemKey(i) !== key));
        setViewingKey((v) => (v === key ? null : v));
      }
    } catch (error) {
      setFailure(bannerText(action.failure, error));
    } finally {
      if (!action.confirm) setBusy(null);
    }
  };

  // "View" (opening the detail) comes first in a row or card; the dialog shows the others.
  const actionsOf = (item: T): ListAction<T>[] => {
    const own = actions?.(item) ?? [];
    return detail ? [{ label: 'View', open: () => setViewingKey(itemKey(item)) }, ...own] : own;
  };

  const buttons = (item: T, place: Place) =>
    (place === 'dialog' ? (actions?.(item) ?? []) : actionsOf(item)).map((action) => {
      const common = {
        loading: busy === `${itemKey(item)} ${action.label}`,
        disabled: action.disabled,
        title: action.title,
        onClick: () =>
          action.confirm ? setAsking({ action, item, open: true }) : void run(action, item),
      };
      // Many rows have the same buttons: each says whose it is. In the dialog it is plain.
      const named =
        place === 'dialog' || !itemName
          ? {}
          : { 'aria-label': `${action.label} ${itemName(item)}` };
      if (place === 'row') {
        return (
          <Button
            key={action.label}
            size="xs"
            variant="outline"
            colorPalette={action.tone && TONES[action.tone]}
            // Kept legible when disabled (e.g. deleting yourself), with the reason in its title.
            _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
            {...named}
            {...common}
          >
            {action.label}
          </Button>
        );
      }
      const size = place === 'card' ? 'sm' : undefined;
      return action.tone ? (
        <ActionButton key={action.label} tone={action.tone} size={size} {...named} {...common}>
          {action.label}
        </ActionButton>
      ) : (
        <Button key={action.label} size={size} variant="outline" {...named} {...common}>
          {action.label}
        </Button>
      );
    });

  const shown = list.status === 'success' ? list.items : null;
  const extra = filters.filter((f) => f !== null && f !== false).length;

  return (
    <>
      {back && (
        <Button variant="outline" size="sm" mb="4" onClick={back.onClick}>
          {back.label}
        </Button>
      )}
      <PageTitle
        extra={
          badge &&
          shown && (
            <Badge bg="orange.subtle" color="orange.fg" size="lg" role="status">
              {badge(shown.length, list.hasMore)}
            </Badge>
          )
        }
      >
        {title}
      </PageTitle>
      {texts.search && list.search && (
        <SimpleGrid columns={{ base: 1, md: 1 + extra }} gap="4" mb="4" maxW={extra ? '5xl' : 'md'}>
          <SearchField {...texts.search} {...list.search} />
          {/* By place, not by content: a filter that appears does not remount the others. */}
          {filters.map((filter, i) => (
            <Fragment key={i}>{filter}</Fragment>
          ))}
        </SimpleGrid>
      )}
      {failure && <ErrorBanner mb="4">{failure}</ErrorBanner>}
      {list.status === 'loading' && <LoadingState label={texts.loading} />}
      {list.error !== null && (
        <ErrorBanner mb="4">{bannerText(texts.failed, list.error)}</ErrorBanner>
      )}
      {shown &&
        (shown.length === 0 ? (
          <Text py="8" textAlign="center" color="fg.muted">
            {texts.empty}
          </Text>
        ) : 'columns' in view ? (
          <DataTable
            label={title}
            columns={[...view.columns.map((c) => c.header), ...(actions ? ['Actions'] : [])]}
          >
            {shown.map((item) => (
              <Table.Row key={itemKey(item)} {...{ [attribute]: itemKey(item) }}>
                {view.columns.map((c) => (
                  <Table.Cell key={c.header} fontWeight={c.strong ? 'medium' : undefined}>
                    {c.cell(item)}
                  </Table.Cell>
                ))}
                {actions && (
                  <Table.Cell>
                    <Flex gap="2">{buttons(item, 'row')}</Flex>
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </DataTable>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {shown.map((item) => (
              <AdminCard
                as="li"
                key={itemKey(item)}
                {...{ [attribute]: itemKey(item) }}
                display="flex"
                flexDirection="column"
                gap="2"
                _hover={view.clickable ? { borderColor: 'teal.500' } : undefined}
              >
                {view.card(item)}
                {(actions || detail) && (
                  <Flex gap="2" mt="auto" pt="2" wrap="wrap">
                    {buttons(item, 'card')}
                  </Flex>
                )}
              </AdminCard>
            ))}
          </SimpleGrid>
        ))}
      <ShowMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.more} />
      {detail?.(viewing, () => setViewingKey(null), viewing && buttons(viewing, 'dialog'))}
      {asking?.action.confirm && (
        <ConfirmDialog
          // A new item's confirmation starts with an empty reason.
          key={`${itemKey(asking.item)} ${asking.action.label}`}
          open={asking.open}
          message={asking.action.confirm.message}
          confirmLabel={asking.action.confirm.label}
          reason={asking.action.confirm.reason}
          onConfirm={(text) => run(asking.action, asking.item, text)}
          onClose={() => setAsking({ ...asking, open: false })}
        />
      )}
      {children}
    </>
  );
}
