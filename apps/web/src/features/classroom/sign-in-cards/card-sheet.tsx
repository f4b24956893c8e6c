import type { SignInCard } from '@high5/contract';
import PrintIcon from '@mui/icons-material/Print';
import { Avatar, Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The printable sheet: cards of 85 × 55 mm (a business card), as many as fit on A4 or Letter
 * (two across, four or five down), never split over two pages. The QR code is the server's SVG.
 * With `printOnly`, the other cards are left off the printed page (one card reprinted).
 */
export function CardSheet({
  className,
  cards,
  printOnly,
  onPrintOne,
}: {
  className: string;
  cards: SignInCard[];
  printOnly: string | null;
  onPrintOne: (studentId: string) => void;
}) {
  const { t } = useTranslation('classroom');
  return (
    <Box
      data-testid="card-sheet"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(85mm, 1fr))' },
        gap: 2,
        '@media print': { gridTemplateColumns: 'repeat(2, 85mm)', gap: '6mm', justifyContent: 'center' },
      }}
    >
      {cards.map((card) => (
        <Box
          key={card.studentId}
          data-testid="sign-in-card"
          data-print-skip={printOnly !== null && printOnly !== card.studentId ? '' : undefined}
          sx={{
            border: '2px dashed',
            borderColor: 'text.secondary',
            borderRadius: 2,
            p: 1.5,
            display: 'flex',
            gap: 1.5,
            alignItems: 'center',
            breakInside: 'avoid',
            bgcolor: 'background.paper',
            color: 'text.primary',
            flexWrap: 'wrap',
            '@media print': { height: '55mm', boxSizing: 'border-box', color: '#000', borderColor: '#555', '&[data-print-skip]': { display: 'none' } },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Avatar src={card.avatarUrl ?? undefined} alt="" sx={{ width: 48, height: 48, mb: 0.5 }}>
              {card.name.slice(0, 1)}
            </Avatar>
            <Typography sx={{ fontWeight: 800, fontSize: 18, overflowWrap: 'anywhere' }}>{card.name}</Typography>
            <Typography variant="body2">{className}</Typography>
            <Typography variant="caption" component="p">
              {t('cards.codeLabel')}
            </Typography>
            <Typography data-testid="card-code" sx={{ fontFamily: 'monospace', fontSize: 22, fontWeight: 700, letterSpacing: 2 }}>
              {card.code}
            </Typography>
          </Box>
          <Box
            component="img"
            alt={t('cards.qrLabel', { name: card.name })}
            data-url={card.url}
            // The server's SVG, as an image: it cannot run anything in the page.
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.qrSvg)}`}
            sx={{ width: 120, height: 120, flex: 'none' }}
          />
          <Button
            className="no-print"
            size="small"
            startIcon={<PrintIcon />}
            onClick={() => onPrintOne(card.studentId)}
            aria-label={t('cards.printOneLabel', { name: card.name })}
            sx={{ flexBasis: '100%' }}
          >
            {t('cards.printOne')}
          </Button>
        </Box>
      ))}
    </Box>
  );
}
