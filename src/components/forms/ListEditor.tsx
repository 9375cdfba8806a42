import { useState, type ReactNode } from 'react';
import { ArrayInput, SimpleFormIterator, useSimpleFormIterator, useSimpleFormIteratorItem, useTranslate } from 'react-admin';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/AddCircleOutline';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { ConfirmDialog } from '../ConfirmDialog';

/** A message of the list editor, by its key under servery.forms.list. */
const word = (key: string) => `servery.forms.list.${key}`;

/** Each row's own remove button, always shown and named for its row ('Remove topping 2'). */
function RemoveRowButton({ rowName }: { rowName: string }) {
  const translate = useTranslate();
  const { index, remove } = useSimpleFormIteratorItem();
  const label = translate(word('removeRow'), { row: rowName, n: index + 1 });
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => remove()} color="warning" data-testid="remove-row">
        <RemoveIcon />
      </IconButton>
    </Tooltip>
  );
}

/**
 * Add (at the start) and, at the far end of the row, Remove all, which asks first: a slip beside Add cannot empty
 * the list.
 */
function ListButtons({ rowName, listName }: { rowName: string; listName: string }) {
  const translate = useTranslate();
  const { add, clear, total } = useSimpleFormIterator();
  const [asking, setAsking] = useState(false);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', width: '100%', gap: 2, flexWrap: 'wrap' }}>
      <Button size="small" startIcon={<AddIcon />} onClick={() => add()}>
        {translate(word('add'), { row: rowName })}
      </Button>
      {total > 1 && (
        <Button size="small" color="warning" onClick={() => setAsking(true)}>
          {translate(word('removeAll'), { list: listName })}
        </Button>
      )}
      <ConfirmDialog
        isOpen={asking}
        title={translate(word('removeAllTitle'), { list: listName })}
        content={translate(word('removeAllText'), { count: total, list: listName })}
        confirm={word('removeAllConfirm')}
        confirmColor="warning"
        onConfirm={() => {
          clear();
          setAsking(false);
        }}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}

export interface ListEditorProps {
  source: string;
  /** One row, as a button names it: 'topping' → 'Add topping', 'Remove topping 2'. */
  rowName: string;
  /** The rows, as Remove all names them: 'toppings'. */
  listName: string;
  /** A label above the rows (react-admin's), when the section has no heading of its own. */
  label?: string | false;
  helperText?: string | false;
  /** Inputs of a row side by side (wrapping on a phone) rather than one under another. */
  inline?: boolean;
  children: ReactNode;
}

/**
 * The console's editor for a list inside a form (toppings, deal items, attributes and their values, outlets): each
 * row has its own remove button, always visible (not only on hover); Add starts the list's buttons and Remove all,
 * which asks first, ends them.
 */
export function ListEditor({ source, rowName, listName, label = false, helperText, inline, children }: ListEditorProps) {
  return (
    <ArrayInput source={source} label={label} helperText={helperText}>
      <SimpleFormIterator
        inline={inline}
        disableReordering
        disableClear
        addButton={<ListButtons rowName={rowName} listName={listName} />}
        removeButton={<RemoveRowButton rowName={rowName} />}
        sx={{
          '& .RaSimpleFormIterator-action': { visibility: 'visible', alignSelf: 'flex-start', mt: 0.5 },
          '& .RaSimpleFormIterator-buttons, & .RaSimpleFormIterator-add': { width: '100%' },
          '& .RaSimpleFormIterator-inline': { rowGap: 0, columnGap: 2, flexWrap: 'wrap' },
          '& .RaSimpleFormIterator-line': { alignItems: 'flex-start', gap: 1 },
          '& .RaSimpleFormIterator-form': { flex: 1, minWidth: 0 },
        }}
      >
        {children}
      </SimpleFormIterator>
    </ArrayInput>
  );
}
