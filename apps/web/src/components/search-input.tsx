import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 400;

interface SearchInputProps {
  /** The applied search, as the URL says ('' when none). */
  value: string;
  /** Applies a search (trimmed): after a pause in typing, or at once on Enter. */
  onSearch: (search: string) => void;
  /**
   * Told of every keystroke and of every reset to the URL's value, so the list can apply what the
   * box holds with its next change (a filter changed before the pause ended).
   */
  onDraftChange?: (draft: string) => void;
  /**
   * Changes whenever the list's URL does (`list.urlKey`): the box then shows the applied search, so a
   * filter change or a reset never leaves text in the box that the list does not use.
   */
  syncKey?: string;
  /** Pause before applying; null applies on Enter (or the form's submit button) only. */
  debounceMs?: number | null;
  label?: string;
  placeholder?: string;
  /** Accessible name when there is no visible label. */
  ariaLabel?: string;
  width?: number;
}

/**
 * The search box of every list. It keeps what is typed, trailing spaces included ('Ana ' stays
 * 'Ana ' while the applied search is 'Ana'), and follows the URL when it changes from elsewhere
 * (back/forward, reset, a link), dropping an application still waiting for the pause.
 */
export function SearchInput({
  value,
  onSearch,
  onDraftChange,
  debounceMs = SEARCH_DEBOUNCE_MS,
  label,
  placeholder,
  ariaLabel,
  width,
  syncKey,
}: SearchInputProps) {
  const [draft, setDraft] = useState(value);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  /** The search this box applied last: its arrival in the URL must not reset what is typed since. */
  const appliedRef = useRef<string | null>(null);
  const submit = (text: string) => {
    appliedRef.current = text.trim();
    onSearch(text.trim());
  };
  const apply = useDebouncedCallback(submit, debounceMs ?? 0);
  const cancelRef = useRef(apply.cancel);
  cancelRef.current = apply.cancel;
  const onDraftChangeRef = useRef(onDraftChange);
  onDraftChangeRef.current = onDraftChange;

  // A change of the applied search (or of the list's URL) resets the box when it says something else.
  // biome-ignore lint/correctness/useExhaustiveDependencies: syncKey is the signal, not a value read
  useEffect(() => {
    const own = appliedRef.current === value;
    appliedRef.current = null;
    if (own || draftRef.current.trim() === value) return;
    cancelRef.current();
    onDraftChangeRef.current?.(value);
    setDraft(value);
  }, [value, syncKey]);

  return (
    <TextInput
      label={label}
      aria-label={label ? undefined : ariaLabel}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={draft}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        onDraftChange?.(text);
        if (debounceMs !== null) apply(text);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        apply.cancel();
        if (debounceMs !== null) {
          event.preventDefault();
          submit(draft);
        }
      }}
      style={width ? { width } : { flex: 1, minWidth: 220 }}
    />
  );
}
