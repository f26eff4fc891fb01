import { Badge, Box, Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LoadingState, TextField } from '../../../shared/ui';
import { deleteUser, fetchUsers, updateUser } from '../api/admin-api';
import {
  ADMIN_ERRORS,
  ADMIN_LOADING,
  ADMIN_TEXTS,
  bannerText,
  validateUserEdit,
  type AdminUser,
  type UserEdit,
  type UserEditErrors,
} from '../api/admin-model';
import { useAdminUser } from '../hooks/admin-user';
import { useServerList } from '../../../shared/server-state';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../shared/utils/use-debounced-value';
import {
  ActionButton,
  AdminDialog,
  ConfirmDialog,
  DataTable,
  ErrorBanner,
  PageTitle,
  SelectField,
  ShowMore,
  Table,
} from './admin-ui';
import { formatCount } from '../../../shared/utils/numbers';

function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return role === 'admin' ? (
    <Badge bg="purple.100" color="purple.900">
      Admin
    </Badge>
  ) : (
    <Badge bg="gray.100" color="gray.800">
      User
    </Badge>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <Text id={id} color="red.700" fontSize="sm" mt="1">
      {message}
    </Text>
  );
}

/**
 * Edit User (spec sections 2 and 5): username required, email required and valid, role User or
 * Admin. What was typed stays in the form when the save fails.
 */
function EditUserDialog({
  target,
  isSelf,
  onClose,
  onSaved,
}: {
  target: AdminUser | null;
  isSelf: boolean;
  onClose: () => void;
  onSaved: (user: AdminUser) => void;
}) {
  const [edit, setEdit] = useState<UserEdit | null>(null);
  const [errors, setErrors] = useState<UserEditErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  // Opening the form loads the user's values (spec section 4).
  if (target && editing !== target.id) {
    setEditing(target.id);
    setEdit({ username: target.username, email: target.email, role: target.role });
    setErrors({});
    setFailure(null);
  }
  if (!target && editing !== null) setEditing(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target || !edit) return;
    const found = validateUserEdit(edit);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    try {
      onSaved(await updateUser(target.id, edit));
    } catch (error) {
      setFailure(bannerText(ADMIN_ERRORS.updateUser, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminDialog
      open={!!target}
      onClose={onClose}
      title="Edit User"
      closeLabel="Cancel"
      footer={
        <ActionButton tone="primary" type="submit" form="edit-user-form" loading={busy}>
          Save Changes
        </ActionButton>
      }
    >
      {edit && (
        <chakra.form
          id="edit-user-form"
          aria-label="Edit User"
          onSubmit={(e) => void onSubmit(e)}
          noValidate
        >
          <ErrorBanner message={failure} />
          <Stack gap="4">
            <Box>
              <TextField
                id="edit-username"
                label="Username"
                value={edit.username}
                required
                aria-invalid={!!errors.username}
                aria-describedby={errors.username ? 'edit-username-error' : undefined}
                onChange={(e) => setEdit({ ...edit, username: e.target.value })}
              />
              <FieldError id="edit-username-error" message={errors.username} />
            </Box>
            <Box>
              <TextField
                id="edit-email"
                label="Email"
                type="email"
                value={edit.email}
                required
                aria-invalid={!!errors.email}
                aria-describedby={errors.email ? 'edit-email-error' : undefined}
                onChange={(e) => setEdit({ ...edit, email: e.target.value })}
              />
              <FieldError id="edit-email-error" message={errors.email} />
            </Box>
            <Box>
              <SelectField
                id="edit-role"
                label="Role"
                value={edit.role}
                disabled={isSelf}
                aria-describedby="edit-role-hint"
                onChange={(e) => setEdit({ ...edit, role: e.target.value as UserEdit['role'] })}
              >
                <option value="user">User</option>
                <option value="admin">Admin</option>
              </SelectField>
              <Text id="edit-role-hint" fontSize="sm" color="gray.700" mt="1">
                {isSelf
                  ? 'You cannot change your own role.'
                  : 'A role change takes effect the next time this user signs in.'}
              </Text>
            </Box>
          </Stack>
        </chakra.form>
      )}
    </AdminDialog>
  );
}

/** Users: search, table with role and notes count, edit and delete (which deletes their notes). */
export function UsersPage() {
  const admin = useAdminUser();
  const [search, setSearch] = useState('');
  // Searched on the server (words of usernames and emails), a page at a time.
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useServerList(['admin', 'users', query], (cursor) => fetchUsers(query, cursor));
  const { update } = list;
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const users = list.items;

  const onDelete = async (target: AdminUser) => {
    setFailure(null);
    try {
      await deleteUser(target.id);
      update((list) => list.filter((u) => u.id !== target.id));
    } catch (error) {
      setFailure(bannerText(ADMIN_ERRORS.deleteUser, error));
    }
  };

  return (
    <>
      <PageTitle>Users</PageTitle>
      <Box maxW="md" mb="4">
        <TextField
          id="user-search"
          label="Search users"
          type="search"
          placeholder="Search by username or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Box>
      <ErrorBanner message={failure} />
      {list.status === 'loading' && <LoadingState label={ADMIN_LOADING.users} />}
      {list.error !== null && <ErrorBanner message={bannerText(ADMIN_ERRORS.users, list.error)} />}
      {list.status === 'success' &&
        (users.length === 0 ? (
          <Text py="8" textAlign="center" color="gray.700">
            {ADMIN_TEXTS.noUsers}
          </Text>
        ) : (
          <DataTable label="Users" columns={['Username', 'Email', 'Role', 'Notes', 'Actions']}>
            {users.map((u) => (
              <Table.Row key={u.id} data-user-id={u.id}>
                <Table.Cell fontWeight="medium">{u.username}</Table.Cell>
                <Table.Cell>{u.email}</Table.Cell>
                <Table.Cell>
                  <RoleBadge role={u.role} />
                </Table.Cell>
                <Table.Cell>{formatCount(u.notesCount)}</Table.Cell>
                <Table.Cell>
                  <Flex gap="2">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`Edit ${u.username}`}
                      onClick={() => setEditing(u)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Delete ${u.username}`}
                      disabled={u.id === admin.uid}
                      _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
                      title={u.id === admin.uid ? 'Use Delete Account on your profile' : undefined}
                      onClick={() => setDeleting(u)}
                    >
                      Delete
                    </Button>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
        ))}
      <ShowMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.more} />
      <EditUserDialog
        target={editing}
        isSelf={editing?.id === admin.uid}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          update((list) => list.map((u) => (u.id === saved.id ? saved : u)));
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        message={ADMIN_TEXTS.deleteUserConfirm}
        confirmLabel="Delete"
        onConfirm={() => (deleting ? onDelete(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
