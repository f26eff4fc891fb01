/**
 * Building blocks of the admin screens: status badge, tables, dialogs, buttons and fields (their
 * error banner is shared/ui's ErrorBanner, the signed-in app's one way to show an error). Chakra's
 * table and dialog recipes are passed to the components here rather than added to the app's
 * system (shared/ui/system.ts), so their styles ship in the admin chunk only, not on public pages.
 */
import {
  Badge,
  Box,
  Button,
  Dialog,
  Heading,
  Portal,
  Table,
  Text,
  chakra,
  type TableRootProps,
} from '@chakra-ui/react';
import { dialogSlotRecipe, tableSlotRecipe } from '@chakra-ui/react/theme';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { TextField } from '../../../shared/ui';
import { FieldError } from '../../../shared/ui/field-error';
import { FieldLabel, TextArea } from '../../../shared/ui/form-controls';
import type { SearchText } from '../hooks/use-searched-list';

/**
 * The admin badges' colours: the palette's subtle background and its fg text, 6:1 or more in
 * both themes (light: the 100 and 700 shades; dark: 900 and 300).
 */
const BADGES = {
  Approved: ['green.subtle', 'green.fg'],
  Pending: ['orange.subtle', 'orange.fg'],
  Admin: ['purple.subtle', 'purple.fg'],
  User: ['gray.subtle', 'gray.fg'],
} as const;

/** A small label in a table cell: a note's status, a user's role. */
export function LabelBadge({ label }: { label: keyof typeof BADGES }) {
  const [bg, color] = BADGES[label];
  return (
    <Badge bg={bg} color={color}>
      {label}
    </Badge>
  );
}

export function StatusBadge({ approved }: { approved: boolean }) {
  return <LabelBadge label={approved ? 'Approved' : 'Pending'} />;
}

/** A white card of the admin screens (a statistic, a pending note, a college). */
export const AdminCard = chakra('div', {
  base: {
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'lg',
    p: '5',
    shadow: 'sm',
  },
});

export function PageTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <Box display="flex" alignItems="center" justifyContent="space-between" gap="3" mb="6">
      <Heading as="h2" size="2xl">
        {children}
      </Heading>
      {extra}
    </Box>
  );
}

/** A table with column headers, scrolling sideways on narrow screens rather than overflowing. */
export function DataTable({
  label,
  columns,
  children,
  ...rest
}: { label: string; columns: readonly string[]; children: ReactNode } & TableRootProps) {
  return (
    // Focusable and named: keyboard users can scroll it sideways on a phone (axe:
    // scrollable-region-focusable).
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      overflowX="auto"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      _focusVisible={{ outline: '2px solid', outlineColor: 'teal.focusRing', outlineOffset: '2px' }}
    >
      <Table.Root recipe={tableSlotRecipe} size="sm" aria-label={label} {...rest}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c} scope="col" color="fg" fontWeight="semibold">
                {c}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Box>
  );
}

export { Table };

export interface AdminDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  /** The button that closes without acting. */
  closeLabel?: string;
}

/**
 * A modal dialog: focus moves into it, stays there, and returns to what opened it on close;
 * Escape and the Close button close it.
 */
export function AdminDialog({
  open,
  onClose,
  title,
  children,
  footer,
  role = 'dialog',
  size = 'md',
  closeLabel = 'Close',
}: AdminDialogProps) {
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      role={role}
      size={size}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Dialog.CloseTrigger asChild position="static">
                <Button variant="outline">{closeLabel}</Button>
              </Dialog.CloseTrigger>
              {footer}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A confirmation (the spec's delete confirmations) as an alert dialog. `onConfirm` runs the action;
 * its failure is reported by the caller's banner, and the dialog closes either way.
 */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  reason,
}: {
  open: boolean;
  message: string;
  confirmLabel: string;
  /** `text`: what was typed in the reason field ('' without one). */
  onConfirm: (text: string) => Promise<void>;
  onClose: () => void;
  /** An optional text sent with the action (Reject's reason for the uploader). */
  reason?: ReasonField;
}) {
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const problem = reason ? reason.problem(text) : null;
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title="Please confirm"
      role="alertdialog"
      size="sm"
      closeLabel="Cancel"
      footer={
        <ActionButton
          tone="danger"
          loading={busy}
          disabled={problem !== null}
          onClick={() => {
            setBusy(true);
            // onConfirm says its own failures (a banner); anything else is logged, not lost.
            Promise.resolve(text.trim())
              .then(onConfirm)
              .catch((error: unknown) => console.error('the confirmed action failed', error))
              .finally(() => {
                setBusy(false);
                onClose();
              });
          }}
        >
          {confirmLabel}
        </ActionButton>
      }
    >
      <Text>{message}</Text>
      {reason && (
        <Box mt="4">
          <FieldLabel htmlFor="confirm-reason">{reason.label}</FieldLabel>
          <TextArea
            id="confirm-reason"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'confirm-reason-error' : undefined}
          />
          <FieldError id="confirm-reason-error" message={problem ?? undefined} />
        </Box>
      )}
    </AdminDialog>
  );
}

/** The optional text field of a confirmation: its label, and what is wrong with a text (or null). */
export interface ReasonField {
  label: string;
  problem: (text: string) => string | null;
}

/** The action colours: a palette each (solid buttons, and outline ones in a table row). */
export const TONES = {
  approve: 'green',
  pending: 'orange',
  danger: 'red',
  primary: 'teal',
} as const;

export type Tone = keyof typeof TONES;

/**
 * A solid action button in a shade dark enough for white text (the palettes' default solid
 * shades, e.g. green.600, fall below 4.5:1 against white).
 */
export function ActionButton({ tone, ...rest }: { tone: Tone } & ComponentProps<typeof Button>) {
  const c = TONES[tone];
  return (
    <Button
      bg={`${c}.700`}
      color="white"
      _hover={{ bg: `${c}.800` }}
      _active={{ bg: `${c}.900` }}
      {...rest}
    />
  );
}

/** A labelled native select (keyboard and screen-reader behaviour of the platform). */
export function SelectField({
  id,
  label,
  children,
  ...rest
}: { id: string; label: string; children: ReactNode } & ComponentProps<typeof chakra.select>) {
  return (
    <Box>
      <chakra.label htmlFor={id} display="block" fontWeight="medium" mb="1.5">
        {label}
      </chakra.label>
      <chakra.select
        id={id}
        w="full"
        h="10"
        px="3"
        bg="bg.panel"
        color="fg"
        borderWidth="1px"
        borderColor="border.emphasized"
        rounded="md"
        _disabled={{ opacity: 0.7, cursor: 'not-allowed' }}
        {...rest}
      >
        {children}
      </chakra.select>
    </Box>
  );
}

/** "Show more" under a list the server pages: the next page, appended. */
export function ShowMore({
  hasMore,
  loading,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  if (!hasMore) return null;
  return (
    <Box textAlign="center" mt="4">
      <Button variant="outline" onClick={onMore} loading={loading} loadingText="Loading...">
        Show more
      </Button>
    </Box>
  );
}

/** A search box bound to a searched list (`useSearchedList`). */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
}: { id: string; label: string; placeholder: string } & SearchText) {
  return (
    <TextField
      id={id}
      label={label}
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
