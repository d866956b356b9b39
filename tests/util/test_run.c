/* A test program's main (test_run.h). */
#include "test_run.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rt_adapter.h"
#include "ddi_spy.h"

/* One D3D12RT_TEST_DRIVER_MASKS word: false for a name no mask has. */
static bool test_parse_mask(const char *word, size_t length, struct ddi_spy_masks *masks)
{
    static const struct { const char *name; size_t offset; } flags[] =
    {
        {"hide_async_commands", offsetof(struct ddi_spy_masks, hide_async_commands)},
        {"hide_enhanced_barriers", offsetof(struct ddi_spy_masks, hide_enhanced_barriers)},
        {"report_discrete", offsetof(struct ddi_spy_masks, report_discrete)},
        {"hide_free_threading", offsetof(struct ddi_spy_masks, hide_free_threading)},
        {"hide_render_pass_table", offsetof(struct ddi_spy_masks, hide_render_pass_table)},
        {"hide_programmable_sample_positions", offsetof(struct ddi_spy_masks, hide_programmable_sample_positions)},
    };
    unsigned int i;

    for (i = 0; i < sizeof(flags) / sizeof(flags[0]); ++i)
    {
        if (strlen(flags[i].name) == length && !strncmp(word, flags[i].name, length))
        {
            *(bool *)((char *)masks + flags[i].offset) = true;
            return true;
        }
    }
    return false;
}

/*
 * The test setups' driver (meson test --setup, tests/meson.build): D3D12RT_TEST_DRIVER_MASKS
 * names spy masks, comma-separated, and every device the tests create runs on the built-in
 * driver reshaped by them. The spy aborts on an overlap inside a driver the masks make
 * serialising, so no test of the run can pass with two threads inside it at once.
 */
static struct ddi_spy *test_install_driver_masks(void)
{
    const char *list = getenv("D3D12RT_TEST_DRIVER_MASKS"), *word;
    struct ddi_spy_masks masks;
    struct ddi_spy *spy;
    size_t length;

    if (!list || !*list)
        return NULL;
    memset(&masks, 0, sizeof(masks));
    masks.max_tiled_resources_tier = -1;
    for (word = list; *word; word += length + (word[length] == ','))
    {
        length = strcspn(word, ",");
        if (!test_parse_mask(word, length, &masks))
        {
            fprintf(stderr, "D3D12RT_TEST_DRIVER_MASKS: unknown mask \"%.*s\".\n", (int)length, word);
            exit(EXIT_FAILURE);
        }
    }
    if (!(spy = ddi_spy_create(&masks, false)))
    {
        fprintf(stderr, "D3D12RT_TEST_DRIVER_MASKS: out of memory.\n");
        exit(EXIT_FAILURE);
    }
    ddi_spy_set_recording(spy, false);
    ddi_spy_set_abort_on_overlap(spy, masks.hide_free_threading);
    rt_testing_set_driver_spy(spy);
    return spy;
}

int test_run_suites(Suite *suite, ...)
{
    struct ddi_spy *spy = test_install_driver_masks();
    SRunner *runner = srunner_create(suite);
    va_list args;
    Suite *more;
    int failed;

    va_start(args, suite);
    while ((more = va_arg(args, Suite *)))
        srunner_add_suite(runner, more);
    va_end(args);
    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    if (spy)
    {
        rt_testing_set_driver_spy(NULL);
        ddi_spy_destroy(spy);
    }
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
