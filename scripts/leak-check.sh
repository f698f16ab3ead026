# Whether LeakSanitizer can run in target $1 (sourced by the campaign and the tests): yes, unless
# the target loads oneDNN (its binary names libdnnl), where LeakSanitizer's exit-time scan faults
# among oneDNN's threads and leaves empty crash files.
mlf_leak_check() { ! grep -qa libdnnl out/libfuzzer/"$1"; }
