/* Unit tests of lib/base/op: the one @ operator. Including every header that
 * uses it together is itself a check: before, hrelation.h and model.h each
 * defined the operator and a file with both did not compile. */
#include "fft_model.h"
#include "hrel_test.h"
#include "hrelation.h"
#include "model.h"
#include "op.h"

int main(void)
{
    hrel_op op = HREL_OP_MAX;

    hrel_test_init();
    HREL_CHECK_INT(hrel_op_parse("sum", &op), 0, "sum parses");
    HREL_CHECK_INT(op, HREL_OP_SUM, "sum is +");
    HREL_CHECK_INT(hrel_op_parse("max", &op), 0, "max parses");
    HREL_CHECK_INT(op, HREL_OP_MAX, "max");
    HREL_CHECK_INT(hrel_op_parse("+", &op), 0, "+ parses");
    HREL_CHECK_INT(op, HREL_OP_SUM, "+ is sum");
    HREL_CHECK(hrel_op_parse("min", &op) != 0, "min refused");
    HREL_CHECK(hrel_op_parse("", &op) != 0, "empty refused");
    HREL_CHECK(hrel_op_parse("SUM", &op) != 0, "names are lower case");
    HREL_CHECK(hrel_op_parse(NULL, &op) != 0, "NULL refused");
    HREL_CHECK(strcmp(hrel_op_name(HREL_OP_SUM), "sum") == 0, "name sum");
    HREL_CHECK(strcmp(hrel_op_name(HREL_OP_MAX), "max") == 0, "name max");
    HREL_CHECK_ABS(hrel_op_apply(HREL_OP_SUM, 3.0, 5.0), 8.0, 0.0, "3 @+ 5 = 8");
    HREL_CHECK_ABS(hrel_op_apply(HREL_OP_MAX, 3.0, 5.0), 5.0, 0.0, "3 @max 5 = 5");
    HREL_CHECK_ABS(hrel_op_apply(HREL_OP_MAX, 7.0, 5.0), 7.0, 0.0, "7 @max 5 = 7");
    return hrel_test_summary("test_op");
}
