import { authApi, profileApi, type Profile, type ProfileUpdate } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../lib/api-client';
import { uploadPhoto } from '../../../components/student-detail/upload';

export const profileKey = ['profile'] as const;
/** The shell's signed-in user (names in the header): reloaded after a save. */
const meKey = ['me'] as const;

/** The signed-in user's own profile (always fresh). */
export const useProfile = () => useQuery({ queryKey: profileKey, queryFn: () => api(profileApi.getProfile), staleTime: 0 });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api(profileApi.updateProfile, { body }),
    onSuccess: (profile: Profile) => {
      queryClient.setQueryData(profileKey, profile);
      void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}

export function useUploadOwnPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photo, filename }: { photo: Blob; filename: string }) => uploadPhoto(profileApi.uploadPhoto, undefined, photo, filename),
    onSuccess: ({ photoUrl }) => queryClient.setQueryData<Profile>(profileKey, (old) => (old ? { ...old, photoUrl } : old)),
  });
}

/** Changes the password (the current one is asked); the server signs out the other devices. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.changePassword>) => api(authApi.changePassword, { body }) });
}

/** Ends every session of the account, this one included (the caller forgets the signed-in user). */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => api(authApi.signOutEverywhere, { body: {} }) });
}
