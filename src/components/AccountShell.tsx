import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Brand } from '../layout/Brand';
import { Footer } from '../layout/Footer';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { useMessage } from './useMessage';

/**
 * The frame of every account screen: a warm panel with the brand on wide screens,
 * the form card on the right (or alone, full width, on phones).
 */
export function AccountShell({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  const t = useMessage();
  // The tab reads '<page> · Servery' like every other page.
  useDocumentTitle(typeof title === 'string' ? title : null);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      {/* Landmarks (banner, complementary, main, contentinfo) so screen-reader users can jump straight to the form. */}
      <Box
        component="aside"
        aria-label={t('app.about')}
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: '42%',
          maxWidth: 560,
          p: 6,
          color: '#FFFFFF',
          background: 'radial-gradient(circle at 20% 15%, #3B4A47 0%, #24302E 55%, #161E1C 100%)',
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <Brand inverse />
        <Box sx={{ position: 'relative', zIndex: 1 }}>
          <Typography variant="h4" component="p" sx={{ mb: 2, lineHeight: 1.2, maxWidth: 420 }}>
            {t('app.pitch')}
          </Typography>
          <Typography sx={{ opacity: 0.8, maxWidth: 380 }}>{t('app.pitchMore')}</Typography>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.6 }}>
          {t('app.copyright', { year: new Date().getFullYear() })}
        </Typography>
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: -120,
            bottom: -120,
            width: 360,
            height: 360,
            borderRadius: '50%',
            border: '40px solid rgba(217,102,63,0.25)',
          }}
        />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 6 } }}>
        <Box component="header" sx={{ display: { xs: 'flex', md: 'none' }, width: '100%', maxWidth: 440, mb: 3 }}>
          <Brand />
        </Box>
        <Box
          component="main"
          sx={{ flex: 1, display: 'flex', alignItems: { xs: 'flex-start', md: 'center' }, width: '100%', justifyContent: 'center' }}
        >
          <Card sx={{ width: '100%', maxWidth: 440 }} elevation={1}>
            <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
              <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 0.5 : 2 }}>
                {title}
              </Typography>
              {subtitle ? (
                <Typography color="text.secondary" sx={{ mb: 3 }}>
                  {subtitle}
                </Typography>
              ) : null}
              {children}
            </CardContent>
          </Card>
        </Box>
        <Box sx={{ display: { xs: 'block', md: 'none' }, width: '100%' }}>
          <Footer />
        </Box>
      </Box>
    </Box>
  );
}
