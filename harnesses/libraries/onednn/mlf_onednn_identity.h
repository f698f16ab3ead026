/* How every family names the oneDNN it runs: version, build hash and effective ISA, e.g.
 * "oneDNN 2.6.3 (52b5f107), cpu isa avx512_core (0x27)" (the number as oneDNN's header gives
 * the level, the name as DNNL_MAX_CPU_ISA spells it). Header-only, so that a family which
 * loads oneDNN with dlopen (the BLAS family's dnnl_sgemm backend) shares it without linking. */
#ifndef MLF_ONEDNN_IDENTITY_H
#define MLF_ONEDNN_IDENTITY_H
#include <stdio.h>
#include <oneapi/dnnl/dnnl_types.h>

static inline const char *mlf_onednn_isa_name(dnnl_cpu_isa_t isa) {
  static const struct { dnnl_cpu_isa_t isa; const char *name; } names[] = {
      {dnnl_cpu_isa_sse41, "sse41"}, {dnnl_cpu_isa_avx, "avx"}, {dnnl_cpu_isa_avx2, "avx2"},
      {dnnl_cpu_isa_avx2_vnni, "avx2_vnni"}, {dnnl_cpu_isa_avx512_mic, "avx512_mic"},
      {dnnl_cpu_isa_avx512_mic_4ops, "avx512_mic_4ops"},
      {dnnl_cpu_isa_avx512_core, "avx512_core"},
      {dnnl_cpu_isa_avx512_core_vnni, "avx512_core_vnni"},
      {dnnl_cpu_isa_avx512_core_bf16, "avx512_core_bf16"},
      {dnnl_cpu_isa_avx512_core_amx, "avx512_core_amx"}};
  for (size_t k = 0; k < sizeof names / sizeof *names; k++)
    if (names[k].isa == isa) return names[k].name;
  return "unknown";
}

static inline void mlf_onednn_identity(char *identity, size_t len, const dnnl_version_t *v,
                                       dnnl_cpu_isa_t isa) {
  snprintf(identity, len, "oneDNN %d.%d.%d (%s), cpu isa %s (0x%x)", v->major, v->minor,
           v->patch, v->hash, mlf_onednn_isa_name(isa), (unsigned)isa);
}
#endif
