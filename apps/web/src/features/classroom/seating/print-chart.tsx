import { type SeatingStudent, type StudentMood } from '@high5/contract';
import { Box, GlobalStyles } from '@mui/material';
import { useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Emoji } from '../../../components/ui/emoji';
import { moodEmoji, moodInfo } from '../components/moods';
import type { ImageOptions } from './seating-dialogs';
import { seatKey, type Layout } from './seating-state';

const PRINT_ID = 'seating-print';

/** The print dialog's state; the sheet is rendered with the chosen options before the browser's print opens. */
export function usePrintSheet() {
  const [asking, setAsking] = useState(false);
  const [options, setOptions] = useState<ImageOptions>({ showFlags: false, showMoods: false });
  const print = (chosen: ImageOptions) => {
    flushSync(() => {
      setAsking(false);
      setOptions(chosen);
    });
    window.print();
  };
  return { asking, options, ask: () => setAsking(true), cancel: () => setAsking(false), print };
}

/**
 * The chart as printed (docs/decisions/0594-seating-chart-print-view.md): a print-only copy
 * beside the app (#root), which print media hides with every other overlay; names always,
 * the badges and today's moods only when asked. Ctrl+P on this screen prints it too.
 */
export function PrintChart({
  title,
  date,
  layout,
  byId,
  moodById,
  options,
}: {
  title: string;
  date: string;
  layout: Layout;
  byId: Map<string, SeatingStudent>;
  moodById: Map<string, StudentMood>;
  options: ImageOptions;
}) {
  const { t } = useTranslation('classroom');
  // The desk is printed on its side of the grid, like on screen.
  const flexDirection = { 0: 'column', 90: 'row-reverse', 180: 'column-reverse', 270: 'row' }[layout.deskDirection];
  const sheet = (
    <Box id={PRINT_ID} data-testid="seating-print" sx={{ display: 'none', color: '#000', bgcolor: '#fff', fontFamily: 'sans-serif' }}>
      <Box component="h1" sx={{ fontSize: 20, m: 0 }}>
        {title}
      </Box>
      <Box component="p" sx={{ fontSize: 13, mt: 0.5, mb: 2 }}>
        {date}
      </Box>
      <Box sx={{ display: 'flex', flexDirection, gap: 2, alignItems: 'center' }}>
        <Box sx={{ border: '2px solid #000', px: 2, py: 0.5, fontWeight: 700, fontSize: 13 }}>{t('seating.desk')}</Box>
        <Box component="table" sx={{ borderCollapse: 'collapse', tableLayout: 'fixed', width: '100%' }}>
          <tbody>
            {Array.from({ length: layout.rows }, (_, row) => (
              <tr key={row}>
                {Array.from({ length: layout.cols }, (_, col) => {
                  const seated = layout.seats[seatKey(row, col)];
                  const student = seated ? byId.get(seated) : undefined;
                  const mood = student && options.showMoods ? moodById.get(student.id) : undefined;
                  const info = mood?.mood ? moodInfo(mood.mood) : undefined;
                  return (
                    <Box
                      component="td"
                      key={col}
                      sx={{
                        border: '1px solid #000',
                        p: '6px',
                        height: 56,
                        textAlign: 'center',
                        verticalAlign: 'middle',
                        fontSize: 12,
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {student && (
                        <>
                          <Box sx={{ fontWeight: 700 }}>{student.name}</Box>
                          {options.showFlags && (
                            <Box data-testid="print-flags" sx={{ fontSize: 10 }}>
                              {(['iep', 'plan504', 'language'] as const)
                                .filter((flag) => student[flag])
                                .map((flag) => t(`seating.flags.${flag}`))
                                .join(' · ')}
                            </Box>
                          )}
                          {info && mood?.mood && (
                            <Box data-testid="print-mood" sx={{ fontSize: 10, display: 'flex', gap: 0.5, justifyContent: 'center', alignItems: 'center' }}>
                              <Emoji char={moodEmoji(mood.mood)} size={12} alt="" />
                              {t(`feelings.${info.feeling}`)}
                            </Box>
                          )}
                        </>
                      )}
                    </Box>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
  return (
    <>
      {/* Only while this screen is shown: the app, dialogs and toasts are not printed, the sheet is. */}
      <GlobalStyles
        styles={{
          '@media print': {
            [`body > *:not(#${PRINT_ID})`]: { display: 'none !important' },
            [`#${PRINT_ID}`]: { display: 'block !important' },
            '@page': { margin: '12mm' },
          },
        }}
      />
      {createPortal(sheet, document.body)}
    </>
  );
}
