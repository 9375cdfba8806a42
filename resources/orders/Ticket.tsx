import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Box, GlobalStyles, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApiOrder } from '../../domain/orderView';
import { orderNumberLabel, paymentLabel, paymentStatusWord } from '../../domain/orderView';
import { phoneForDisplay } from '../../domain/contact';
import type { Shop } from '../../domain/shop';
import { collectionLabel, money, when } from './format';

/** 80 mm receipt paper: the page is the roll's width, as long as the ticket, with the printer's own margins. */
const paperStyles = <GlobalStyles styles={{ '@page': { size: '80mm auto', margin: '3mm' } }} />;

function Row({ left, right, strong = false }: { left: ReactNode; right: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: '2mm', fontWeight: strong ? 700 : 400 }}>
      <span>{left}</span>
      <span style={{ whiteSpace: 'nowrap' }}>{right}</span>
    </Box>
  );
}

const rule = <Box component="hr" sx={{ border: 0, borderTop: '1px dashed #000', my: '2mm' }} />;

/**
 * A kitchen ticket laid out for 80 mm receipt paper: number, time, how and when it is collected, the customer, the
 * lines with their choices, comments, totals and payment. Black on white, one column, large where the kitchen reads
 * from a distance.
 */
export function Ticket({ order, shop }: { order: ApiOrder; shop: Shop }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.orders.ticket.${key}`, options);
  const c = order.cart;
  const m = (units: number) => money(units, shop.country);
  return (
    <Box
      data-testid="ticket"
      sx={{
        width: '74mm',
        boxSizing: 'border-box',
        p: '2mm',
        bgcolor: '#FFFFFF',
        color: '#000000',
        fontFamily: '"DejaVu Sans Mono", Menlo, Consolas, monospace',
        fontSize: '10pt',
        lineHeight: 1.35,
        overflowWrap: 'anywhere',
      }}
    >
      <Typography component="h1" sx={{ font: 'inherit', fontSize: '16pt', fontWeight: 700, textAlign: 'center' }}>
        {orderNumberLabel(order.number)}
      </Typography>
      <Box sx={{ textAlign: 'center' }}>{shop.name}</Box>
      <Box sx={{ textAlign: 'center' }}>{t('placed', { time: when(order.placedAt, shop.timezone) })}</Box>
      {rule}
      <Box sx={{ fontSize: '13pt', fontWeight: 700 }}>
        {collectionLabel(order.collectionType)} · {order.collectionTime ? when(order.collectionTime, shop.timezone) : t('asap')}
      </Box>
      {order.eta && (
        <Box>
          {t('eta', { eta: order.eta.display })}
          {order.eta.time ? ` (${when(order.eta.time, shop.timezone)})` : ''}
        </Box>
      )}
      {c.collectionName && <Box sx={{ fontSize: '13pt', fontWeight: 700 }}>{t('for', { name: c.collectionName })}</Box>}
      <Box>
        {order.customerName} · {phoneForDisplay(order.mobile, shop.country)}
      </Box>
      {order.collectionType === 'DELIVERY' && c.deliveryAddress && (
        <Box>
          {c.deliveryAddress.line1}, {c.deliveryAddress.suburb}
          {c.deliveryAddress.postcode ? ` ${c.deliveryAddress.postcode}` : ''}
        </Box>
      )}
      {rule}
      {c.items.map((l, i) => (
        <Box key={i} sx={{ mb: '1.5mm' }}>
          <Row left={<b style={{ fontSize: '12pt' }}>{`${l.quantity} × ${l.name}`}</b>} right={m(l.total)} />
          {l.summary && <Box sx={{ pl: '4mm' }}>{l.summary}</Box>}
        </Box>
      ))}
      {c.comments && (
        <>
          {rule}
          <Box sx={{ fontWeight: 700 }}>{t('comments', { comments: c.comments })}</Box>
        </>
      )}
      {rule}
      <Row left={t('subtotal')} right={m(c.subtotal)} />
      {c.deliveryCharges > 0 && <Row left={t('delivery')} right={m(c.deliveryCharges)} />}
      {c.discount > 0 && <Row left={c.coupon ? t('discountWith', { coupon: c.coupon }) : t('discount')} right={`−${m(c.discount)}`} />}
      {c.loyaltyDiscount > 0 && <Row left={t('loyalty')} right={`−${m(c.loyaltyDiscount)}`} />}
      {c.creditCardSurcharge > 0 && <Row left={t('cardSurcharge')} right={m(c.creditCardSurcharge)} />}
      <Row strong left={t('total')} right={m(c.grandTotal)} />
      {rule}
      <Box sx={{ fontWeight: 700 }}>
        {paymentLabel(order.paymentType)} · {paymentStatusWord(order.paymentStatus)}
      </Box>
    </Box>
  );
}

/**
 * Prints one ticket from the page it is on (the board on accept, the order page) without leaving it: the ticket is
 * put beside the app, alone on paper while printing, and the browser's print dialog opens.
 */
export function usePrintTicket() {
  const [order, setOrder] = useState<ApiOrder | null>(null);
  useEffect(() => {
    if (!order) return;
    // After the ticket is on the page; print() returns once the dialog is closed.
    const frame = requestAnimationFrame(() => {
      window.print();
      setOrder(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [order]);
  const sheet = (shop: Shop) =>
    order
      ? createPortal(
          <Box className="ticket-sheet">
            {paperStyles}
            <GlobalStyles
              styles={{
                '@media screen': { '.ticket-sheet': { display: 'none' } },
                '@media print': { 'body > *:not(.ticket-sheet)': { display: 'none !important' } },
              }}
            />
            <Ticket order={order} shop={shop} />
          </Box>,
          document.body,
        )
      : null;
  return { print: setOrder, sheet };
}

export { paperStyles };
