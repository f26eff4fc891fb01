import { Box, Stack, Text, chakra } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { ErrorBanner, TextField } from '../../../shared/ui';
import { FieldError } from '../../../shared/ui/field-error';
import { deleteUser, fetchUsers, liftUploadBan, updateUser } from '../api/admin-api';
import { REPORT_ACTION_ERRORS, REPORT_CONFIRM } from '../api/reports-model';
import { COPYRIGHT_STRIKE_LIMIT } from '@notenest/shared';
import {
  ADMIN_ERRORS,
  ADMIN_LISTS,
  ADMIN_TEXTS,
  bannerText,
  validateUserEdit,
  type AdminUser,
  type UserEdit,
  type UserEditErrors,
} from '../api/admin-model';
import { useAdminUser } from '../hooks/admin-user';
import { useSearchedList } from '../hooks/use-searched-list';
import { AdminListPage, type Column, type ListAction, type ListItems } from './admin-list-page';
import { ActionButton, AdminDialog, LabelBadge, SelectField } from './admin-ui';
import { formatCount } from '../../../shared/utils/numbers';

const USER_ITEMS: ListItems<AdminUser> = {
  key: (u) => u.id,
  attribute: 'data-user-id',
  name: (u) => u.username,
};

const USER_COLUMNS: readonly Column<AdminUser>[] = [
  { header: 'Username', cell: (u) => u.username, strong: true },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Role', cell: (u) => <LabelBadge label={u.role === 'admin' ? 'Admin' : 'User'} /> },
  { header: 'Notes', cell: (u) => formatCount(u.notesCount) },
];

/** The Edit User form's text fields, both required (validateUserEdit says what is wrong). */
const EDIT_FIELDS = [
  { name: 'username', label: 'Username', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
] as const;

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
          {failure && <ErrorBanner mb="4">{failure}</ErrorBanner>}
          <Stack gap="4">
            {EDIT_FIELDS.map(({ name, label, type }) => (
              <Box key={name}>
                <TextField
                  id={`edit-${name}`}
                  label={label}
                  type={type}
                  value={edit[name]}
                  required
                  aria-invalid={!!errors[name]}
                  aria-describedby={errors[name] ? `edit-${name}-error` : undefined}
                  onChange={(e) => setEdit({ ...edit, [name]: e.target.value })}
                />
                <FieldError id={`edit-${name}-error`} message={errors[name]} />
              </Box>
            ))}
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
              <Text id="edit-role-hint" fontSize="sm" color="fg.muted" mt="1">
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
  // Searched on the server (words of usernames and emails), a page at a time.
  const list = useSearchedList(['admin', 'users'], fetchUsers);
  const { update } = list;
  const [editing, setEditing] = useState<AdminUser | null>(null);

  const actions = (user: AdminUser): ListAction<AdminUser>[] => [
    { label: 'Edit', open: () => setEditing(user) },
    {
      label: 'Delete',
      tone: 'danger',
      // An admin deletes their own account from their profile.
      disabled: user.id === admin.uid,
      title: user.id === admin.uid ? 'Use Delete Account on your profile' : undefined,
      confirm: { message: ADMIN_TEXTS.deleteUserConfirm, label: 'Delete' },
      send: () => deleteUser(user.id),
      then: 'remove',
      failure: ADMIN_ERRORS.deleteUser,
    },
    // Three notes removed for copyright stop a user's uploads until an admin lifts it (issue 30).
    ...(user.copyrightStrikes >= COPYRIGHT_STRIKE_LIMIT
      ? [
          {
            label: 'Lift Upload Ban',
            tone: 'primary',
            confirm: { message: REPORT_CONFIRM.lift, label: 'Lift' },
            send: async () => {
              await liftUploadBan(user.id);
              return { ...user, copyrightStrikes: 0 };
            },
            then: 'replace',
            failure: REPORT_ACTION_ERRORS.lift,
          } satisfies ListAction<AdminUser>,
        ]
      : []),
  ];

  return (
    <AdminListPage
      list={list}
      texts={ADMIN_LISTS.users}
      items={USER_ITEMS}
      view={{ columns: USER_COLUMNS }}
      actions={actions}
    >
      <EditUserDialog
        target={editing}
        isSelf={editing?.id === admin.uid}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          update((list) => list.map((u) => (u.id === saved.id ? saved : u)));
          setEditing(null);
        }}
      />
    </AdminListPage>
  );
}
