import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';

/** A search box (at most 100 characters): the one table's, and lists that search on the server. */
export function SearchField({ value, onChange, label, sx }: { value: string; onChange: (value: string) => void; label: string; sx?: SxProps<Theme> }) {
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.slice(0, 100))}
      sx={sx ?? { flex: '1 1 240px', maxWidth: { sm: 380 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
