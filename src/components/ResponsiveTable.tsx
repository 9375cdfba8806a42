import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';

export interface ResponsiveColumn<T> {
  /** Header text, as the spec names the column. */
  label: string;
  render: (row: T) => ReactNode;
  /** Leave this column out of the phone card. */
  hideOnPhone?: boolean;
  /** Heads the phone card (default: the first column). */
  primary?: boolean;
  width?: number | string;
}

/**
 * A small, unpaginated table that becomes one card per row on phones: the primary column heads the
 * card, the others follow as "Label: value", the actions sit at the bottom. Clicks on the actions
 * never open the row.
 */
export function ResponsiveTable<T>({
  rows,
  columns,
  rowKey,
  actions,
  actionsLabel = 'Action',
  onOpen,
  'aria-label': ariaLabel,
  testId = 'row',
}: {
  rows: T[];
  columns: ResponsiveColumn<T>[];
  rowKey: (row: T) => string;
  actions?: (row: T) => ReactNode;
  actionsLabel?: string;
  onOpen?: (row: T) => void;
  'aria-label'?: string;
  testId?: string;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const stop = (e: React.SyntheticEvent) => e.stopPropagation();

  if (phone) {
    const first = columns.find((c) => c.primary) ?? columns[0];
    const rest = columns.filter((c) => c !== first);
    return (
      <Stack spacing={1.5} aria-label={ariaLabel} role="list">
        {rows.map((row) => {
          const body = (
            <CardContent sx={{ pb: 1, '&:last-child': { pb: 1.5 } }}>
              <Box sx={{ overflowWrap: 'anywhere' }}>{first.render(row)}</Box>
              <Stack sx={{ mt: 1, gap: 0.5 }}>
                {rest
                  .filter((c) => !c.hideOnPhone)
                  .map((c) => (
                    <Stack key={c.label} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                      <Typography variant="caption" color="text.secondary" sx={{ width: 84, flexShrink: 0 }}>
                        {c.label}
                      </Typography>
                      <Box sx={{ typography: 'body2', flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{c.render(row)}</Box>
                    </Stack>
                  ))}
              </Stack>
            </CardContent>
          );
          return (
            <Card key={rowKey(row)} variant="outlined" role="listitem" data-testid={testId} data-key={rowKey(row)}>
              {onOpen ? <CardActionArea onClick={() => onOpen(row)}>{body}</CardActionArea> : body}
              {actions && (
                <CardActions
                  onClick={stop}
                  sx={{ flexWrap: 'wrap', gap: 0.5, px: 1.5, pt: 0, borderTop: 1, borderColor: 'divider', '& > :not(style) ~ :not(style)': { ml: 0 } }}
                >
                  {actions(row)}
                </CardActions>
              )}
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <TableContainer>
      <Table aria-label={ariaLabel}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} sx={{ width: c.width, fontWeight: 600, whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
            {actions && <TableCell sx={{ fontWeight: 600 }}>{actionsLabel}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={rowKey(row)}
              hover={!!onOpen}
              data-testid={testId}
              data-key={rowKey(row)}
              onClick={onOpen ? () => onOpen(row) : undefined}
              sx={{ cursor: onOpen ? 'pointer' : undefined, '&:last-child td': { borderBottom: 0 } }}
            >
              {columns.map((c) => (
                <TableCell key={c.label} sx={{ maxWidth: c.width ?? 360 }}>
                  {c.render(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell onClick={stop} sx={{ width: '1%' }}>
                  <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'nowrap' }}>
                    {actions(row)}
                  </Stack>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
