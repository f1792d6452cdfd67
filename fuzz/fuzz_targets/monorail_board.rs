#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_fuzz::monorail_board(data));
