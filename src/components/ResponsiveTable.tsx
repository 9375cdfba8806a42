import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
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
  type Breakpoint,
  type Theme,
} from '@mui/material';

export interface ResponsiveColumn<T> {
  /** Header text as the spec names the column: an i18n key (`resources.<name>.fields.*`) or the text itself. */
  label: string;
  render: (row: T) => ReactNode;
  /** Leave this column out of the card layout. */
  hideOnPhone?: boolean;
  /**
   * Show this column in the table only from this width up; below it the column is left out, so its
   * content should also appear elsewhere in the row (the shop listing cell names the country, for example).
   */
  showFrom?: Breakpoint;
  /** Heads the card (default: the first column). */
  primary?: boolean;
  width?: number | string;
}

/**
 * Read out by screen readers, not shown (the clip pattern; @mui/utils is not a direct dependency). Pixel strings: in sx
 * a bare 1 means 100%.
 */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The column is not shown at all below `from`. */
const shownFrom = (from: Breakpoint | undefined) => (from ? { display: { xs: 'none', [from]: 'table-cell' } } : {});

/**
 * A small, unpaginated table that becomes one card per row below `cardsBelow` (tablets in portrait and
 * phones, where a table of four columns and an action bar cannot fit): the primary column heads the
 * card, the others follow as "Label: value", the actions sit at the bottom. In the table, secondary
 * columns drop out by width (`showFrom`) and the action buttons wrap, so the row never pushes the page
 * sideways. Clicks on the actions never open the row.
 */
export function ResponsiveTable<T>({
  rows,
  columns,
  rowKey,
  actions,
  actionsLabel = 'Actions',
  onOpen,
  cardsBelow = 'md',
  primaryLinks = false,
  'aria-label': ariaLabel,
  testId = 'row',
}: {
  rows: T[];
  columns: ResponsiveColumn<T>[];
  rowKey: (row: T) => string;
  actions?: (row: T) => ReactNode;
  /** The actions column's header; an empty label is still read out to screen readers as 'Actions'. */
  actionsLabel?: string;
  onOpen?: (row: T) => void;
  cardsBelow?: Breakpoint;
  /**
   * The primary column holds a link that opens the row (a post's title): a card is then opened by a click anywhere on
   * it, but is not made a button itself, which would put the link inside another control (axe nested-interactive).
   * Keyboard users open it by its link.
   */
  primaryLinks?: boolean;
  'aria-label'?: string;
  testId?: string;
}) {
  const cards = useMediaQuery((theme: Theme) => theme.breakpoints.down(cardsBelow));
  const translate = useTranslate();
  const heading = (c: ResponsiveColumn<T>) => translate(c.label, { _: c.label });
  const stop = (e: React.SyntheticEvent) => e.stopPropagation();

  if (cards) {
    const first = columns.find((c) => c.primary) ?? columns[0];
    const rest = columns.filter((c) => c !== first);
    return (
      <Stack spacing={1.5} aria-label={ariaLabel} role="list">
        {rows.map((row) => {
          const body = (
            <CardContent sx={{ pb: 1, '&:last-child': { pb: 1.5 } }}>
              <Box sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{first.render(row)}</Box>
              <Stack sx={{ mt: 1, gap: 0.5 }}>
                {rest
                  .filter((c) => !c.hideOnPhone)
                  .map((c) => (
                    <Stack key={c.label} direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
                      <Typography variant="caption" color="text.secondary" sx={{ width: 96, flexShrink: 0 }}>
                        {heading(c)}
                      </Typography>
                      <Box sx={{ typography: 'body2', flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{c.render(row)}</Box>
                    </Stack>
                  ))}
              </Stack>
            </CardContent>
          );
          return (
            <Card key={rowKey(row)} variant="outlined" role="listitem" data-testid={testId} data-key={rowKey(row)} sx={{ minWidth: 0 }}>
              {onOpen && primaryLinks ? (
                <Box onClick={() => onOpen(row)} sx={{ cursor: 'pointer' }}>
                  {body}
                </Box>
              ) : onOpen ? (
                <CardActionArea onClick={() => onOpen(row)}>{body}</CardActionArea>
              ) : (
                body
              )}
              {actions && (
                <CardActions
                  onClick={stop}
                  sx={{
                    flexWrap: 'wrap',
                    gap: 0.5,
                    px: 1.5,
                    pt: 0,
                    borderTop: 1,
                    borderColor: 'divider',
                    '& > :not(style) ~ :not(style)': { ml: 0 },
                  }}
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
              <TableCell key={c.label} sx={{ width: c.width, fontWeight: 600, whiteSpace: 'nowrap', ...shownFrom(c.showFrom) }}>
                {heading(c)}
              </TableCell>
            ))}
            {actions && (
              <TableCell sx={{ fontWeight: 600 }}>
                {actionsLabel || (
                  <Box component="span" sx={visuallyHidden}>
                    {translate('servery.forms.actions')}
                  </Box>
                )}
              </TableCell>
            )}
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
                <TableCell key={c.label} sx={{ maxWidth: c.width ?? 360, overflowWrap: 'break-word', ...shownFrom(c.showFrom) }}>
                  {c.render(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell onClick={stop}>
                  {/* Buttons wrap onto a second line rather than widen the table past the window. */}
                  <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center', minWidth: 96 }}>
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
