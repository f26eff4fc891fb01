/**
 * Styled native controls of the signed-in app's forms (the note form). They use the chakra()
 * factory with inline base styles instead of Chakra's input/textarea/select recipes, which the
 * app's system leaves out to keep the bundle small (shared/ui/system.ts holds only the recipes in use). Imported by path,
 * not through the shared/ui barrel, so pages without forms do not carry them.
 */
import { chakra } from '@chakra-ui/react';

const fieldBase = {
  width: '100%',
  minHeight: '10',
  px: '3',
  bg: 'white',
  color: 'gray.900',
  borderWidth: '1px',
  borderColor: 'gray.300',
  rounded: 'md',
  fontSize: 'sm',
  outline: 'none',
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: 'fast',
  _placeholder: { color: 'gray.500' },
  _focusVisible: { borderColor: 'teal.700', boxShadow: '0 0 0 1px var(--chakra-colors-teal-700)' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  _invalid: { borderColor: 'red.600' },
} as const;

export const TextInput = chakra('input', { base: fieldBase });

export const TextArea = chakra('textarea', {
  base: { ...fieldBase, py: '2', minHeight: '24', resize: 'vertical', lineHeight: 'tall' },
});

export const NativeSelect = chakra('select', {
  base: { ...fieldBase, pe: '8', cursor: 'pointer' },
});

export const FieldLabel = chakra('label', {
  base: { display: 'block', fontSize: 'sm', fontWeight: 'semibold', mb: '1', color: 'gray.800' },
});

/** The popup list of a combobox (the note form's Course suggestions). */
export const PopupList = chakra('ul', {
  base: {
    position: 'absolute',
    zIndex: 'dropdown',
    top: 'calc(100% + 4px)',
    insetInline: 0,
    maxHeight: '64',
    overflowY: 'auto',
    bg: 'white',
    borderWidth: '1px',
    borderColor: 'gray.200',
    rounded: 'md',
    shadow: 'lg',
    py: '1',
    listStyle: 'none',
  },
});

export const PopupOption = chakra('li', {
  base: {
    px: '3',
    py: '2',
    fontSize: 'sm',
    cursor: 'pointer',
    color: 'gray.900',
    _hover: { bg: 'teal.50' },
    '&[data-active]': { bg: 'teal.100' },
    '&[aria-selected=true]': { fontWeight: 'semibold' },
  },
});
